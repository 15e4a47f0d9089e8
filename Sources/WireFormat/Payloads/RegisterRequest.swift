import Protocols

/// `POST /register`.
public struct RegisterRequest: Codable, Sendable {
    /// The mobile number the SMS code was sent to.
    public let mobile: String
    /// The new account's password.
    public let password: String
    /// The code from the SMS.
    public let smsCode: String
    /// A registration request.
    public init(mobile: String, password: String, smsCode: String) {
        self.mobile = mobile
        self.password = password
        self.smsCode = smsCode
    }
}
