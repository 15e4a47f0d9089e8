import Protocols

/// One change in a V2 cart batch.
public struct CartOperation: Codable, Sendable, Equatable {
    public enum Action: String, Codable, Sendable { case add, remove, clear }
    public let action: Action
    public let productID: String?
    public let quantity: Int?
    public init(action: Action, productID: String? = nil, quantity: Int? = nil) {
        self.action = action
        self.productID = productID
        self.quantity = quantity
    }
}
