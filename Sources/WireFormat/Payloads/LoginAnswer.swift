import Protocols

/// The answer to `POST /login`.
public struct LoginAnswer: Codable, Sendable, Equatable {
    /// The session token, sent as `Authorization: Bearer …`.
    public let token: String
    /// When the session ends, in seconds since 1970.
    public let expiresAt: Int
    /// The customer as the server has it: what the login chain starts from.
    public let customer: Customer
    /// An answer to a login.
    public init(token: String, expiresAt: Int, customer: Customer) {
        self.token = token
        self.expiresAt = expiresAt
        self.customer = customer
    }
}
