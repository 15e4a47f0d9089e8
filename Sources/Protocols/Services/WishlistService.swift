/// The logged-in customer's wishlist, read a page at a time.
public protocol WishlistService: Sendable {
    /// The page at `position`, or the first page for `nil`.
    func page(at position: WishlistPosition?) async throws(ServiceError) -> WishlistPage
    func add(productID: String) async throws(ServiceError)
    func remove(productID: String) async throws(ServiceError)
    func contains(productID: String) async throws(ServiceError) -> Bool
}
