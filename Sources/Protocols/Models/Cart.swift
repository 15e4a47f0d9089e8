/// A customer's cart with its totals, in cents.
public struct Cart: Codable, Sendable, Equatable {
    /// The amounts a cart's totals may have, in cents: up to 2⁵³, the largest whole number every
    /// JSON reader keeps exactly. Decoding refuses others.
    public static let amounts = 0...(1 << 53)

    /// The lines, one per product.
    public let lines: [CartLine]
    /// The lines' total before promotions, in cents.
    public let subtotal: Int
    /// What promotions take off (V2, computed by the server; V1 has none).
    public let discount: Int
    /// What the customer pays, in cents.
    public let total: Int

    /// A cart as the server totals it.
    public init(lines: [CartLine], subtotal: Int, discount: Int, total: Int) {
        self.lines = lines
        self.subtotal = subtotal
        self.discount = discount
        self.total = total
    }

    /// A cart totalled on the client, as V1 does: no promotions.
    ///
    /// - Throws: ``TransportError/undecodableBody(field:reason:)`` when the lines add up to more
    ///   than ``amounts`` allows: the server sent a cart no one can pay.
    public init(totalling lines: [CartLine]) throws(TransportError) {
        var subtotal = 0
        for line in lines {
            let (sum, overflow) = subtotal.addingReportingOverflow(line.amount)
            guard !overflow, Self.amounts.contains(sum) else {
                throw .undecodableBody(
                    field: "data.lines", reason: "they add up to more than \(Self.amounts.upperBound) cents")
            }
            subtotal = sum
        }
        self.init(lines: lines, subtotal: subtotal, discount: 0, total: subtotal)
    }

    enum CodingKeys: String, CodingKey {
        case lines, subtotal, discount, total
    }

    /// Refuses totals out of range, naming the member.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        lines = try container.decode([CartLine].self, forKey: .lines)
        subtotal = try container.decode(Int.self, forKey: .subtotal, in: Self.amounts)
        discount = try container.decode(Int.self, forKey: .discount, in: Self.amounts)
        total = try container.decode(Int.self, forKey: .total, in: Self.amounts)
    }
}
