import Protocols

/// `POST /cart/remove` (V1), `POST /wishlist/add`, `POST /wishlist/remove`.
public struct ProductRequest: Codable, Sendable {
    /// The product.
    public let productID: String
    /// A request naming `productID`.
    public init(productID: String) { self.productID = productID }
}
