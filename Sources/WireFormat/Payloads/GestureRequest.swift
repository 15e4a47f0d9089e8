import Protocols

/// `POST /gesture` (create), `POST /gesture/reset` (after forgetting), `POST /gesture/verify`.
public struct GestureRequest: Codable, Sendable {
    /// The gesture password, as the dots drawn: `1235`.
    public let gesture: String
    /// A request carrying `gesture`.
    public init(gesture: String) { self.gesture = gesture }
}
