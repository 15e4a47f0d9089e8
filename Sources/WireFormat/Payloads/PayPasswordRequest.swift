import Protocols

/// `POST /pay-password` (V2).
public struct PayPasswordRequest: Codable, Sendable {
    public let pin: String
    public init(pin: String) { self.pin = pin }
}
