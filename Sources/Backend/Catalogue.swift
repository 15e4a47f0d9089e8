import Protocols

/// The products every new backend starts with: 48, a few on promotion.
enum Catalogue {
    static let products: [Product] = {
        let kinds = [
            "Apple", "Pear", "Plum", "Cherry", "Mango", "Kiwi", "Lemon", "Melon",
            "Peach", "Grape", "Fig", "Lime",
        ]
        let forms = ["crate", "box", "bag", "basket"]
        var products: [Product] = []
        for (kindIndex, kind) in kinds.enumerated() {
            for (formIndex, form) in forms.enumerated() {
                let number = kindIndex * forms.count + formIndex + 1
                let price = 150 + (kindIndex * 37 + formIndex * 113) % 900
                let percentOff: Int? = number.isMultiple(of: 7) ? 10 : (number.isMultiple(of: 11) ? 25 : nil)
                products.append(
                    Product(id: "p\(number)", name: "\(kind) \(form)", price: price, percentOff: percentOff))
            }
        }
        return products
    }()
}
