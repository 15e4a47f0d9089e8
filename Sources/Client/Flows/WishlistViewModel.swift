import Foundation
import Protocols
import WireFormat

/// What both generations' wishlists share: adding, removing and asking, for the current
/// session, through the ``SessionViewModel`` it holds. Paging is where the generations differ:
/// each generation's service pages itself.
public struct WishlistViewModel: Sendable {
    /// Sends the requests with the current session's token.
    public let session: SessionViewModel

    /// A wishlist flow sending through `session`.
    public init(session: SessionViewModel) {
        self.session = session
    }

    /// Adds a product to the wishlist.
    public func add(productID: String) async throws(ServiceError) {
        _ = try await session.authorized(
            "POST", "/wishlist/add", body: ProductRequest(productID: productID), as: Empty.self)
    }

    /// Removes a product from the wishlist.
    public func remove(productID: String) async throws(ServiceError) {
        _ = try await session.authorized(
            "POST", "/wishlist/remove", body: ProductRequest(productID: productID), as: Empty.self)
    }

    /// Whether the wishlist holds the product.
    public func contains(productID: String) async throws(ServiceError) -> Bool {
        let query = productID.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? productID
        return try await session.authorized("GET", "/wishlist/has?productID=\(query)", as: ContainsAnswer.self)
            .contains
    }
}
