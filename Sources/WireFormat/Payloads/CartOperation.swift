import Protocols

/// One change in a V2 cart batch.
public struct CartOperation: Codable, Sendable, Equatable {
    /// What a change does: add a product, remove it, or empty the cart.
    public enum Action: String, Codable, Sendable { case add, remove, clear }
    /// What the change does.
    public let action: Action
    /// The product added or removed; `nil` for clear.
    public let productID: String?
    /// How many to add; `nil` unless adding.
    public let quantity: Int?
    /// A change of the cart.
    public init(action: Action, productID: String? = nil, quantity: Int? = nil) {
        self.action = action
        self.productID = productID
        self.quantity = quantity
    }
}
