/// Where a wishlist page starts: a page number (V1) or an opaque cursor (V2).
public enum WishlistPosition: Codable, Sendable, Equatable, CustomStringConvertible {
    case page(Int)
    case cursor(String)

    /// `page 2` or `cursor abc`.
    public var description: String {
        switch self {
        case .page(let number): "page \(number)"
        case .cursor(let cursor): "cursor \(cursor)"
        }
    }
}
