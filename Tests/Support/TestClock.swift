import Protocols
import Synchronization

/// A wall clock the test moves by hand.
public final class TestClock: WallClock {
    private let now = Mutex(1_790_000_000)

    public init() {}

    public func secondsSince1970() -> Int { now.withLock { $0 } }

    public func advance(by seconds: Int) { now.withLock { $0 += seconds } }
}
