import Foundation

/// The time of day, as whole seconds since 1970: what signatures and session expiry use.
/// A protocol so tests can fix the time.
public protocol WallClock: Sendable {
    /// Now, as whole seconds since 1970.
    func secondsSince1970() -> Int
}

/// The system's clock.
public struct SystemWallClock: WallClock {
    /// The system clock.
    public init() {}
    /// Now, as whole seconds since 1970.
    public func secondsSince1970() -> Int { Int(Date().timeIntervalSince1970) }
}
