/// A customer's cart with its totals, in cents.
public struct Cart: Codable, Sendable, Equatable {
    public let lines: [CartLine]
    public let subtotal: Int
    /// What promotions take off (V2, computed by the server; V1 has none).
    public let discount: Int
    public let total: Int

    public init(lines: [CartLine], subtotal: Int, discount: Int, total: Int) {
        self.lines = lines
        self.subtotal = subtotal
        self.discount = discount
        self.total = total
    }

    /// A cart totalled on the client, as V1 does: no promotions.
    public init(totalling lines: [CartLine]) {
        let subtotal = lines.reduce(0) { $0 + $1.unitPrice * $1.quantity }
        self.init(lines: lines, subtotal: subtotal, discount: 0, total: subtotal)
    }
}
