/// A logged-in session: the token the server issued and when it expires.
public struct Session: Codable, Sendable, Equatable {
    /// The logged-in mobile number.
    public let mobile: String
    /// A secret: sent only in the `Authorization` header, never printed.
    public let token: String
    /// When the session expires, in seconds since 1970.
    public let expiresAt: Int
    /// The generation that logged in; its routes accept the token.
    public let generation: String
    /// A logout began and did not finish: the server may have ended the session already.
    public let isLoggingOut: Bool

    /// The session the server issued to `mobile` as `token`, expiring at `expiresAt`, for the
    /// routes of `generation`.
    public init(mobile: String, token: String, expiresAt: Int, generation: String, isLoggingOut: Bool = false) {
        self.mobile = mobile
        self.token = token
        self.expiresAt = expiresAt
        self.generation = generation
        self.isLoggingOut = isLoggingOut
    }

    /// This session, marked as being logged out.
    public func loggingOut() -> Session {
        Session(mobile: mobile, token: token, expiresAt: expiresAt, generation: generation, isLoggingOut: true)
    }

    enum CodingKeys: String, CodingKey {
        case mobile, token, expiresAt, generation, isLoggingOut
    }

    /// `isLoggingOut` came later: a file without it is a session in use.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        mobile = try container.decode(String.self, forKey: .mobile)
        token = try container.decode(String.self, forKey: .token)
        expiresAt = try container.decode(Int.self, forKey: .expiresAt)
        generation = try container.decode(String.self, forKey: .generation)
        isLoggingOut = try container.decodeIfPresent(Bool.self, forKey: .isLoggingOut) ?? false
    }
}
