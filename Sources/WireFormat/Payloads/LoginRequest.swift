import Protocols

/// `POST /login`.
public struct LoginRequest: Codable, Sendable {
    public let mobile: String
    public let password: String
    public init(mobile: String, password: String) {
        self.mobile = mobile
        self.password = password
    }
}
