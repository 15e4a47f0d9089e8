import Protocols

/// `POST /cart/remove` (V1), `POST /wishlist/add`, `POST /wishlist/remove`.
public struct ProductRequest: Codable, Sendable {
    public let productID: String
    public init(productID: String) { self.productID = productID }
}
