import Foundation
import Protocols

/// The system's clock: what ``ClientModule`` binds as the app's `WallClock`, live-only.
public struct SystemWallClock: WallClock {
    /// The system clock.
    public init() {}
    /// Now, as whole seconds since 1970.
    public func secondsSince1970() -> Int { Int(Date().timeIntervalSince1970) }
}
