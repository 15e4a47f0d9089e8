/// An order as the store keeps it and the routes return it.
public struct Order: Codable, Equatable, Sendable {
    /// The store's number for it, from 1.
    public let id: Int
    public let item: String
    public let quantity: Int
    /// What it costs, in cents, as the pricing in force priced it.
    public let totalCents: Int
    /// The pricing generation that priced it: `v1` or `v2`.
    public let pricing: String

    public init(id: Int, item: String, quantity: Int, totalCents: Int, pricing: String) {
        self.id = id
        self.item = item
        self.quantity = quantity
        self.totalCents = totalCents
        self.pricing = pricing
    }
}
