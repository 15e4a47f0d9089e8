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

/// Where a wishlist page starts: a page number (V1) or an opaque cursor (V2).
public enum WishlistPosition: Codable, Sendable, Equatable, CustomStringConvertible {
    case page(Int)
    case cursor(String)

    public var description: String {
        switch self {
        case .page(let number): "page \(number)"
        case .cursor(let cursor): "cursor \(cursor)"
        }
    }
}
