/// A named point in graft's handling of its local state, where a build of graft made for tests
/// may stop, to interleave processes at an exact point (between reading the session and using
/// it, say) without sleeping. `graft` itself is given nothing to do there; the test-only
/// executable `PausingGraft` (Tests/PausingGraft) is, through ``Graft/main(reaching:)``.
public struct StatePoint: Hashable, Sendable, CustomStringConvertible {
    /// The point's name, as a test asks for it: `session-loaded`.
    public let name: String

    /// Reading the session, once the lock is released.
    public static let sessionLoaded = StatePoint(name: "session-loaded")
    /// A session just saved, the lock released: after a login, before its chain runs.
    public static let sessionSaved = StatePoint(name: "session-saved")
    /// About to clear the session after a logout or an expiry, before taking the lock.
    public static let clearingSession = StatePoint(name: "clearing-session")

    /// The ``name``.
    public var description: String { name }
}
