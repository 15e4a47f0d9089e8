import App
import Foundation
import Synchronization

/// The test-only pause: with `GRAFT_TEST_PAUSE_AT=<point>` in its environment, `PausingGraft`
/// stops the first time it reaches that ``StatePoint``, writes `graft: paused at <point>` on
/// standard error, and waits for a line on standard input. Tests use it to interleave processes
/// at an exact point without sleeping; the `graft` users run has no such code.
enum TestPause {
    private static let requested = ProcessInfo.processInfo.environment["GRAFT_TEST_PAUSE_AT"]
    private static let reached = Mutex(false)

    @Sendable static func at(_ point: StatePoint) {
        guard requested == point.name,
            reached.withLock({ reached in
                defer { reached = true }
                return !reached
            })
        else { return }
        try? FileHandle.standardError.write(contentsOf: Data("graft: paused at \(point)\n".utf8))
        _ = readLine()
    }
}
