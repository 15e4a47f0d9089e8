import Protocols
import TextRules

/// products, cart and wishlist.
enum ShopCommands {
    static func products(_ context: CommandContext) async throws(Failure) -> Report {
        let page = try context.integer("--page", default: 1)
        let catalog = try context.resolve((any ProductCatalog).self)
        let result = try await context.call { () throws(ServiceError) in try await catalog.products(page: page) }
        let lines =
            result.items.map { product in
                let promotion = product.percentOff.map { "  (\($0)% off in the V2 cart)" } ?? ""
                return
                    "\(plain(product.id).padding(toLength: 5, withPad: " ", startingAt: 0))\(plain(product.name).padding(toLength: 16, withPad: " ", startingAt: 0))\(money(product.price).leftPadded(to: 7))\(promotion)"
            } + ["page \(result.page) of \(result.pageCount)"]
        return Report(lines, [("page", .encoding(result))])
    }

    static func cart(_ context: CommandContext) async throws(Failure) -> Report {
        let service = try context.resolve((any CartService).self)
        let command = context.command
        let cart: Cart
        switch command.path.last {
        case "add":
            let quantity = try context.integer("--qty", default: 1)
            cart = try await context.call { () throws(ServiceError) in
                try await service.add(productID: command.arguments[0], quantity: quantity)
            }
        case "remove":
            cart = try await context.call { () throws(ServiceError) in
                try await service.remove(productID: command.arguments[0])
            }
        case "clear":
            cart = try await context.call { () throws(ServiceError) in try await service.clear() }
        default:
            cart = try await context.call { () throws(ServiceError) in try await service.cart() }
        }
        var lines = cart.lines.map { line in
            "\(String(line.quantity).leftPadded(to: 3)) × \(plain(line.name).padding(toLength: 16, withPad: " ", startingAt: 0)) (\(plain(line.productID)))\(money(line.amount).leftPadded(to: 9))"
        }
        if cart.lines.isEmpty { lines.append("The cart is empty.") }
        lines.append("subtotal \(money(cart.subtotal))  discount \(money(cart.discount))  total \(money(cart.total))")
        return Report(lines, [("cart", .encoding(cart))])
    }

    static func wishlist(_ context: CommandContext) async throws(Failure) -> Report {
        let service = try context.resolve((any WishlistService).self)
        let command = context.command
        switch command.path.last {
        case "add":
            try await context.call { () throws(ServiceError) in try await service.add(productID: command.arguments[0]) }
            return Report(["Added \(command.arguments[0]) to the wishlist."])
        case "remove":
            try await context.call { () throws(ServiceError) in
                try await service.remove(productID: command.arguments[0])
            }
            return Report(["Removed \(command.arguments[0]) from the wishlist."])
        case "has":
            let contains = try await context.call { () throws(ServiceError) in
                try await service.contains(productID: command.arguments[0])
            }
            return Report(
                ["\(command.arguments[0]) is \(contains ? "" : "not ")in the wishlist."],
                [("contains", .bool(contains))])
        default:
            if command.has("--page") && command.has("--cursor") {
                throw context.usage("use --page or --cursor, not both")
            }
            var position: WishlistPosition?
            if command.has("--page") { position = .page(try context.integer("--page", default: 1)) }
            if let cursor = command.value("--cursor") { position = .cursor(cursor) }
            let page = try await context.call { () throws(ServiceError) in try await service.page(at: position) }
            var lines = page.items.map {
                "\(plain($0.id).padding(toLength: 5, withPad: " ", startingAt: 0))\(plain($0.name))"
            }
            if page.items.isEmpty { lines.append("The wishlist is empty.") }
            switch page.next {
            case .page(let number): lines.append("more: graft wishlist list --page \(number)")
            case .cursor(let cursor): lines.append("more: graft wishlist list --cursor \(plain(cursor))")
            case nil: break
            }
            return Report(lines, [("page", .encoding(page))])
        }
    }
}

/// A server's text as a line shows it: no control sequences, at most 40 characters.
private func plain(_ text: String) -> String {
    DisplayText.cleaned(text, limit: 40)
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
