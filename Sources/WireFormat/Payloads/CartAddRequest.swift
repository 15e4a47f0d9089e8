import Protocols

/// `POST /cart/add` (V1).
public struct CartAddRequest: Codable, Sendable {
    /// The product to add.
    public let productID: String
    /// How many, from 1 to 99.
    public let quantity: Int
    /// A request to add `quantity` of a product.
    public init(productID: String, quantity: Int) {
        self.productID = productID
        self.quantity = quantity
    }
}
