import Protocols

/// A V2 wishlist page.
public struct WishlistCursorAnswer: Codable, Sendable, Equatable {
    public let items: [Product]
    public let nextCursor: String?
    public init(items: [Product], nextCursor: String?) {
        self.items = items
        self.nextCursor = nextCursor
    }
}
