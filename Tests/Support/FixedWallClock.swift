import Protocols

/// A wall clock stopped at one time.
public struct FixedWallClock: WallClock {
    /// The time it always tells, in seconds since 1970.
    public let now: Int

    /// A clock stopped at `now`.
    public init(now: Int) {
        self.now = now
    }

    /// ``now``.
    public func secondsSince1970() -> Int { now }
}
