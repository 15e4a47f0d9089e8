import Protocols

/// `GET /wishlist/has`.
public struct ContainsAnswer: Codable, Sendable, Equatable {
    public let contains: Bool
    public init(contains: Bool) { self.contains = contains }
}
