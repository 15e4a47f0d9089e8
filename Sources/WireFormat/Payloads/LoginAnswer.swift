import Protocols

/// The answer to `POST /login`.
public struct LoginAnswer: Codable, Sendable, Equatable {
    public let token: String
    public let expiresAt: Int
    public let customer: Customer
    public init(token: String, expiresAt: Int, customer: Customer) {
        self.token = token
        self.expiresAt = expiresAt
        self.customer = customer
    }
}
