import Protocols

/// `GET /wishlist/has`.
public struct ContainsAnswer: Codable, Sendable, Equatable {
    /// Whether the wishlist holds the product.
    public let contains: Bool
    /// The answer that the wishlist does, or does not, hold the product asked about.
    public init(contains: Bool) { self.contains = contains }
}
