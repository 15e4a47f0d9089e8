import Protocols

/// `POST /register`.
public struct RegisterRequest: Codable, Sendable {
    public let mobile: String
    public let password: String
    public let smsCode: String
    public init(mobile: String, password: String, smsCode: String) {
        self.mobile = mobile
        self.password = password
        self.smsCode = smsCode
    }
}
