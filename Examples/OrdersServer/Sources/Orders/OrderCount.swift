import Hummingbird

/// The answer of `GET /orders/count`.
public struct OrderCount: Codable, Sendable, ResponseEncodable {
    public let count: Int
}
