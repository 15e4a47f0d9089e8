import Protocols

/// `POST /gesture` (create), `POST /gesture/reset` (after forgetting), `POST /gesture/verify`.
public struct GestureRequest: Codable, Sendable {
    public let gesture: String
    public init(gesture: String) { self.gesture = gesture }
}
