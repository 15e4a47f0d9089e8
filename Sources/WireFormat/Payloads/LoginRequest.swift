import Protocols

/// `POST /login`.
public struct LoginRequest: Codable, Sendable {
    /// The account's mobile number.
    public let mobile: String
    /// The account's password.
    public let password: String
    /// A login request.
    public init(mobile: String, password: String) {
        self.mobile = mobile
        self.password = password
    }
}
