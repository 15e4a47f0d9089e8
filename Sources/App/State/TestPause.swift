import Foundation
import Synchronization

/// A hook for tests only: with `GRAFT_TEST_PAUSE_AT=<point>` in its environment, graft stops
/// the first time it reaches that named point, writes `graft: paused at <point>` on standard
/// error, and waits for a line on standard input. Tests use it to interleave processes at an
/// exact point — between reading the session and using it, say — without sleeping; a person
/// never sets it.
enum TestPause {
    /// Reading the session, once the lock is released.
    static let sessionLoaded = "session-loaded"
    /// A session just saved, the lock released: after a login, before its chain runs.
    static let sessionSaved = "session-saved"
    /// About to clear the session after a logout or an expiry, before taking the lock.
    static let clearingSession = "clearing-session"

    private static let requested = ProcessInfo.processInfo.environment["GRAFT_TEST_PAUSE_AT"]
    private static let reached = Mutex(false)

    static func at(_ point: String) {
        guard requested == point,
            reached.withLock({ reached in
                defer { reached = true }
                return !reached
            })
        else { return }
        try? FileHandle.standardError.write(contentsOf: Data("graft: paused at \(point)\n".utf8))
        _ = readLine()
    }
}
