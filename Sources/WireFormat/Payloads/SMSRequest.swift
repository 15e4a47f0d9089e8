import Protocols

/// `POST /sms`: send a registration code. (The types in this folder are the bodies of requests
/// and answers inside the envelope; routes are relative to the generation's prefix.)
public struct SMSRequest: Codable, Sendable {
    /// Where to send the code.
    public let mobile: String

    /// A request for a code sent to `mobile`.
    public init(mobile: String) {
        self.mobile = mobile
    }
}
