/// One page of a wishlist, and where the next one starts.
public struct WishlistPage: Codable, Sendable, Equatable {
    /// The products on this page.
    public let items: [Product]
    /// `nil` on the last page.
    public let next: WishlistPosition?

    /// A page of the wishlist.
    public init(items: [Product], next: WishlistPosition?) {
        self.items = items
        self.next = next
    }
}
