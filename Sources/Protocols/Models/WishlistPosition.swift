/// Where a wishlist page starts: a page number (V1) or an opaque cursor (V2).
public enum WishlistPosition: Codable, Sendable, Equatable, CustomStringConvertible {
    /// V1's page number, from 1.
    case page(Int)
    /// V2's cursor, as the server gave it with the previous page; the client never reads it.
    case cursor(String)

    /// `page 2` or `cursor abc`.
    public var description: String {
        switch self {
        case .page(let number): "page \(number)"
        case .cursor(let cursor): "cursor \(cursor)"
        }
    }
}
