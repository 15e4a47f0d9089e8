import Protocols

/// `POST /sms`: send a registration code. (The types in this folder are the bodies of requests
/// and answers inside the envelope; routes are relative to the generation's prefix.)
public struct SMSRequest: Codable, Sendable {
    public let mobile: String

    public init(mobile: String) {
        self.mobile = mobile
    }
}
