import Protocols

/// `GET /wishlist/has`.
public struct ContainsAnswer: Codable, Sendable, Equatable {
    /// Whether the wishlist holds the product.
    public let contains: Bool
    /// An answer.
    public init(contains: Bool) { self.contains = contains }
}
