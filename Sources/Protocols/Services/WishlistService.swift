/// The logged-in customer's wishlist, read a page at a time.
public protocol WishlistService: Sendable {
    /// The page at `position`, or the first page for `nil`.
    func page(at position: WishlistPosition?) async throws(ServiceError) -> WishlistPage
    /// Adds a product.
    func add(productID: String) async throws(ServiceError)
    /// Removes a product.
    func remove(productID: String) async throws(ServiceError)
    /// Whether the wishlist holds the product.
    func contains(productID: String) async throws(ServiceError) -> Bool
}
