import Protocols

/// `POST /cart/add` (V1).
public struct CartAddRequest: Codable, Sendable {
    public let productID: String
    public let quantity: Int
    public init(productID: String, quantity: Int) {
        self.productID = productID
        self.quantity = quantity
    }
}
