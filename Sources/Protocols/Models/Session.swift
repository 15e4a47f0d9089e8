/// A logged-in session: the token the server issued and when it expires.
public struct Session: Codable, Sendable, Equatable {
    public let mobile: String
    /// A secret: sent only in the `Authorization` header, never printed.
    public let token: String
    /// Seconds since 1970.
    public let expiresAt: Int
    /// The generation that logged in; its routes accept the token.
    public let generation: String

    public init(mobile: String, token: String, expiresAt: Int, generation: String) {
        self.mobile = mobile
        self.token = token
        self.expiresAt = expiresAt
        self.generation = generation
    }
}
