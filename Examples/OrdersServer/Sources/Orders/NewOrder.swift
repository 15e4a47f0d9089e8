/// What a client posts to `/orders`.
public struct NewOrder: Codable, Sendable {
    public let item: String
    public let quantity: Int

    public init(item: String, quantity: Int) {
        self.item = item
        self.quantity = quantity
    }
}
