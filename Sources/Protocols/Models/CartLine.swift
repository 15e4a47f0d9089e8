/// One product in a cart.
public struct CartLine: Codable, Sendable, Equatable {
    /// How many of one product a cart may hold.
    public static let quantities = 1...99

    /// The identifier of the product on this line: `p7`.
    public let productID: String
    /// The product's name.
    public let name: String
    /// The price of one, in cents.
    public let unitPrice: Int
    /// How many, from 1 to 99.
    public let quantity: Int

    /// A line of `quantity` of one product at `unitPrice` cents each; decoding, not this
    /// initializer, checks the ranges.
    public init(productID: String, name: String, unitPrice: Int, quantity: Int) {
        self.productID = productID
        self.name = name
        self.unitPrice = unitPrice
        self.quantity = quantity
    }

    /// The line's amount in cents. Decoding bounds the price and the quantity, so this cannot
    /// overflow: at most 99 × 100,000,000.
    public var amount: Int { unitPrice * quantity }

    enum CodingKeys: String, CodingKey {
        case productID, name, unitPrice, quantity
    }

    /// Refuses a price or quantity out of range, naming the member.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        productID = try container.decode(String.self, forKey: .productID)
        name = try container.decode(String.self, forKey: .name)
        unitPrice = try container.decode(Int.self, forKey: .unitPrice, in: Product.prices)
        quantity = try container.decode(Int.self, forKey: .quantity, in: Self.quantities)
    }
}
