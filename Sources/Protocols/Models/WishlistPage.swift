/// One page of a wishlist, and where the next one starts.
public struct WishlistPage: Codable, Sendable, Equatable {
    public let items: [Product]
    /// `nil` on the last page.
    public let next: WishlistPosition?

    public init(items: [Product], next: WishlistPosition?) {
        self.items = items
        self.next = next
    }
}
