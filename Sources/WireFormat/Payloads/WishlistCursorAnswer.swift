import Protocols

/// A V2 wishlist page.
public struct WishlistCursorAnswer: Codable, Sendable, Equatable {
    /// The products on this page.
    public let items: [Product]
    /// Where the next page starts; `nil` on the last page.
    public let nextCursor: String?
    /// A page of `items`.
    public init(items: [Product], nextCursor: String?) {
        self.items = items
        self.nextCursor = nextCursor
    }
}
