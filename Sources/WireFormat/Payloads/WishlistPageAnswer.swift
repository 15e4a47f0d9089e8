import Protocols

/// A V1 wishlist page.
public struct WishlistPageAnswer: Codable, Sendable, Equatable {
    /// The products on this page.
    public let items: [Product]
    /// This page's number, from 1.
    public let page: Int
    /// Whether a later page exists.
    public let hasMore: Bool
    /// A page of `items`.
    public init(items: [Product], page: Int, hasMore: Bool) {
        self.items = items
        self.page = page
        self.hasMore = hasMore
    }
}
