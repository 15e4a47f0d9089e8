import Protocols
import TextRules
import WireFormat

extension EmbeddedServer {
    static let pageSize = 10
    /// The page numbers a query may ask for.
    static let pages = 1...1_000_000
    /// How long, in seconds, a batch's answer is kept for retries with the same key.
    static let batchMemory = 86_400

    func products(_ context: Context, _ state: inout BackendState) throws(Refusal) -> [UInt8] {
        let page = try context.integer("page", default: 1)
        let pageCount = max(1, (state.products.count + Self.pageSize - 1) / Self.pageSize)
        guard page <= pageCount else { throw Refusal(.notFound, "page \(page) does not exist; there are \(pageCount)") }
        let items = Array(state.products.dropFirst((page - 1) * Self.pageSize).prefix(Self.pageSize))
        return context.success(ProductPage(items: items, page: page, pageCount: pageCount))
    }

    // MARK: Cart

    /// The cart's lines only, which the client totals.
    func lines(_ mobile: String, _ context: Context, _ state: BackendState) -> [UInt8] {
        context.success(CartLinesAnswer(lines: state.carts[mobile] ?? []))
    }

    /// The cart totalled by the server, with its promotions.
    func totalled(_ mobile: String, _ context: Context, _ state: BackendState) -> [UInt8] {
        context.success(totalled(state.carts[mobile] ?? [], in: state))
    }

    /// The cart with the server's promotions applied.
    private func totalled(_ lines: [CartLine], in state: BackendState) -> Cart {
        let subtotal = lines.reduce(0) { $0 + $1.unitPrice * $1.quantity }
        let discount = lines.reduce(0) { sum, line in
            let percent = state.products.first { $0.id == line.productID }?.percentOff ?? 0
            return sum + line.unitPrice * line.quantity * percent / 100
        }
        return Cart(lines: lines, subtotal: subtotal, discount: discount, total: subtotal - discount)
    }

    /// Adds to the cart; returns the customer, whose cart the endpoint answers.
    func addToCart(_ context: Context, _ state: inout BackendState) throws(Refusal) -> String {
        let mobile = try authenticate(context, &state)
        let request = try context.body(CartAddRequest.self)
        try add(request.productID, request.quantity, to: &state.carts[mobile, default: []], state)
        return mobile
    }

    /// Removes from the cart; returns the customer, whose cart the endpoint answers.
    func removeFromCart(_ context: Context, _ state: inout BackendState) throws(Refusal) -> String {
        let mobile = try authenticate(context, &state)
        let request = try context.body(ProductRequest.self)
        try remove(request.productID, from: &state.carts[mobile, default: []])
        return mobile
    }

    /// Empties the cart; returns the customer, whose cart the endpoint answers.
    func clearCart(_ context: Context, _ state: inout BackendState) throws(Refusal) -> String {
        let mobile = try authenticate(context, &state)
        state.carts[mobile] = []
        return mobile
    }

    /// Applies a batch once: a batch sent again with the same idempotency key gets the
    /// answer it got the first time, and changes nothing.
    func applyBatch(_ context: Context, _ state: inout BackendState) throws(Refusal) -> [UInt8] {
        let mobile = try authenticate(context, &state)
        let request = try context.body(CartBatchRequest.self)
        state.batches = state.batches.filter { $0.value.appliedAt > context.now - Self.batchMemory }
        guard (8...128).contains(request.idempotencyKey.count) else {
            throw Refusal(.validationFailed, "request idempotencyKey: must be 8 to 128 characters")
        }
        if let earlier = state.batches[request.idempotencyKey] {
            guard earlier.mobile == mobile else {
                throw Refusal(.validationFailed, "request idempotencyKey: already used by another customer")
            }
            return context.success(earlier.cart, "already applied")
        }
        var lines = state.carts[mobile] ?? []
        for (index, operation) in request.operations.enumerated() {
            do {
                switch operation.action {
                case .add:
                    try add(operation.productID ?? "", operation.quantity ?? 1, to: &lines, state)
                case .remove:
                    try remove(operation.productID ?? "", from: &lines)
                case .clear:
                    lines = []
                }
            } catch {
                let position = request.operations.count > 1 ? "operation \(index + 1): " : ""
                throw Refusal(error.code, position + error.message)
            }
        }
        state.carts[mobile] = lines
        let cart = totalled(lines, in: state)
        state.batches[request.idempotencyKey] = .init(mobile: mobile, cart: cart, appliedAt: context.now)
        return context.success(cart)
    }

    private func add(_ productID: String, _ quantity: Int, to lines: inout [CartLine], _ state: BackendState)
        throws(Refusal)
    {
        try check(InputRules.quantity(quantity))
        let product = try product(productID, in: state)
        if let index = lines.firstIndex(where: { $0.productID == productID }) {
            let total = lines[index].quantity + quantity
            guard total <= 99 else { throw Refusal(.validationFailed, "at most 99 of \(product.name) fit in a cart") }
            lines[index] = CartLine(productID: productID, name: product.name, unitPrice: product.price, quantity: total)
        } else {
            lines.append(
                CartLine(productID: productID, name: product.name, unitPrice: product.price, quantity: quantity))
        }
    }

    private func remove(_ productID: String, from lines: inout [CartLine]) throws(Refusal) {
        guard let index = lines.firstIndex(where: { $0.productID == productID }) else {
            throw Refusal(.notFound, "\(DisplayText.quoted(productID)) is not in the cart")
        }
        lines.remove(at: index)
    }

    // MARK: Wishlist

    /// A page of the wishlist by number: an item added between two pages shifts the rest, and
    /// may show twice.
    func wishlistPage(_ context: Context, _ state: inout BackendState) throws(Refusal) -> [UInt8] {
        let entries = try wishlist(context, &state)
        let page = try context.integer("page", default: 1)
        let shown = entries.dropFirst((page - 1) * Self.pageSize).prefix(Self.pageSize)
        let hasMore = entries.count > page * Self.pageSize
        return context.success(WishlistPageAnswer(items: wishlisted(Array(shown), state), page: page, hasMore: hasMore))
    }

    /// A page of the wishlist after a cursor (the sequence number of the last item shown), so
    /// no item shows twice.
    func wishlistAfterCursor(_ context: Context, _ state: inout BackendState) throws(Refusal) -> [UInt8] {
        let entries = try wishlist(context, &state)
        var after = 0
        if let cursor = context.call.query["cursor"] {
            guard cursor.hasPrefix("s"), let sequence = Int(cursor.dropFirst()), sequence >= 0 else {
                throw Refusal(
                    .validationFailed,
                    "query cursor: \(DisplayText.quoted(cursor)) is not a cursor this server gave")
            }
            after = sequence
        }
        let rest = entries.filter { $0.sequence > after }
        let shown = Array(rest.prefix(Self.pageSize))
        let next = rest.count > shown.count ? shown.last.map { "s\($0.sequence)" } : nil
        return context.success(WishlistCursorAnswer(items: wishlisted(shown, state), nextCursor: next))
    }

    /// The session's customer's wishlist, oldest first.
    private func wishlist(_ context: Context, _ state: inout BackendState) throws(Refusal)
        -> [BackendState.WishlistEntry]
    {
        let mobile = try authenticate(context, &state)
        return (state.wishlists[mobile] ?? []).sorted { $0.sequence < $1.sequence }
    }

    private func wishlisted(_ entries: [BackendState.WishlistEntry], _ state: BackendState) -> [Product] {
        entries.compactMap { entry in state.products.first { $0.id == entry.productID } }
    }

    func addToWishlist(_ context: Context, _ state: inout BackendState) throws(Refusal) -> [UInt8] {
        let mobile = try authenticate(context, &state)
        let request = try context.body(ProductRequest.self)
        let product = try product(request.productID, in: state)
        if !(state.wishlists[mobile] ?? []).contains(where: { $0.productID == product.id }) {
            guard state.sequence < BackendState.counters.upperBound else {
                throw Refusal(.serverError, "the wishlist's sequence numbers are used up; start a fresh backend.json")
            }
            state.sequence += 1
            state.wishlists[mobile, default: []].append(.init(productID: product.id, sequence: state.sequence))
        }
        return context.success(Empty(), "\(product.name) is in the wishlist")
    }

    func removeFromWishlist(_ context: Context, _ state: inout BackendState) throws(Refusal) -> [UInt8] {
        let mobile = try authenticate(context, &state)
        let request = try context.body(ProductRequest.self)
        guard let index = state.wishlists[mobile]?.firstIndex(where: { $0.productID == request.productID }) else {
            throw Refusal(.notFound, "\(DisplayText.quoted(request.productID)) is not in the wishlist")
        }
        state.wishlists[mobile]?.remove(at: index)
        return context.success(Empty(), "removed")
    }

    func wishlistContains(_ context: Context, _ state: inout BackendState) throws(Refusal) -> [UInt8] {
        let mobile = try authenticate(context, &state)
        guard let productID = context.call.query["productID"], !productID.isEmpty else {
            throw Refusal(.validationFailed, "query productID is missing")
        }
        let contains = (state.wishlists[mobile] ?? []).contains { $0.productID == productID }
        return context.success(ContainsAnswer(contains: contains))
    }
}
