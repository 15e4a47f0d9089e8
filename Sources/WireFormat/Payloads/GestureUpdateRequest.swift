import Protocols

/// `POST /gesture/update`.
public struct GestureUpdateRequest: Codable, Sendable {
    /// The current gesture password.
    public let old: String
    /// The gesture password that replaces it.
    public let new: String
    /// A request to replace `old` with `new`.
    public init(old: String, new: String) {
        self.old = old
        self.new = new
    }
}
