import Protocols

/// A V1 wishlist page.
public struct WishlistPageAnswer: Codable, Sendable, Equatable {
    public let items: [Product]
    public let page: Int
    public let hasMore: Bool
    public init(items: [Product], page: Int, hasMore: Bool) {
        self.items = items
        self.page = page
        self.hasMore = hasMore
    }
}
