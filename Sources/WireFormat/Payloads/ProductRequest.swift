import Protocols

/// `POST /cart/remove` (V1), `POST /wishlist/add`, `POST /wishlist/remove`.
public struct ProductRequest: Codable, Sendable {
    /// The identifier of the product to remove or add: `p7`.
    public let productID: String
    /// A request naming `productID`.
    public init(productID: String) { self.productID = productID }
}
