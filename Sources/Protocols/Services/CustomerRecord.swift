/// What this device remembers about a mobile between logins.
public struct CustomerRecord: Codable, Sendable, Equatable {
    /// The login-chain step that waits for the next login.
    public var pendingOperation: BusinessOperation?
    /// Whether this device keeps the server's gesture password for quick unlock.
    public var keepsGesturePassword: Bool

    /// What to remember about a mobile; the defaults are a mobile this device has not seen:
    /// nothing pending, no gesture password kept.
    public init(pendingOperation: BusinessOperation? = nil, keepsGesturePassword: Bool = false) {
        self.pendingOperation = pendingOperation
        self.keepsGesturePassword = keepsGesturePassword
    }
}
