/// An item of a test ``Page``.
public struct Item: Codable, Sendable, Equatable {
    /// The item's identifier.
    public let id: String
    /// Its price, in cents.
    public let price: Int

    /// An item with `id` and `price`.
    public init(id: String, price: Int) {
        self.id = id
        self.price = price
    }
}
