import Protocols

/// `POST /pay-password` (V2).
public struct PayPasswordRequest: Codable, Sendable {
    /// The payment PIN: 6 digits.
    public let pin: String
    /// A request setting `pin`.
    public init(pin: String) { self.pin = pin }
}
