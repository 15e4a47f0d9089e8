import Foundation
import Protocols
import WireFormat

/// What both generations' wishlists share: adding, removing and asking. A generation's
/// subclass supplies paging, which is where they differ.
///
/// `@unchecked Sendable`: no mutable state of its own; the only mutable state, the base
/// class's handlers, is guarded by ``BaseViewModel``'s `handlers` mutex.
open class WishlistViewModel: SessionViewModel, @unchecked Sendable {
    /// Adds a product to the wishlist.
    public func add(productID: String) async throws(ServiceError) {
        _ = try await authorized("POST", "/wishlist/add", body: ProductRequest(productID: productID), as: Empty.self)
    }

    /// Removes a product from the wishlist.
    public func remove(productID: String) async throws(ServiceError) {
        _ = try await authorized("POST", "/wishlist/remove", body: ProductRequest(productID: productID), as: Empty.self)
    }

    /// Whether the wishlist holds the product.
    public func contains(productID: String) async throws(ServiceError) -> Bool {
        let query = productID.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? productID
        return try await authorized("GET", "/wishlist/has?productID=\(query)", as: ContainsAnswer.self).contains
    }
}
