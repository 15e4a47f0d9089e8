import Protocols

/// `POST /gesture/update`.
public struct GestureUpdateRequest: Codable, Sendable {
    public let old: String
    public let new: String
    public init(old: String, new: String) {
        self.old = old
        self.new = new
    }
}
