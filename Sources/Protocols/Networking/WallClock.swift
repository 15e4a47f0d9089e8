/// The time of day, as whole seconds since 1970: what signatures and session expiry use.
/// A protocol so tests can fix the time; the app binds the system's clock (`SystemWallClock`, in
/// the `Client` target).
public protocol WallClock: Sendable {
    /// Now, as whole seconds since 1970.
    func secondsSince1970() -> Int
}
