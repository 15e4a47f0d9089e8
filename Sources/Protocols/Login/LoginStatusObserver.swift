/// Something that reacts to login-state changes, as the seed app's base view controller did.
/// Every handler has a default that does nothing, so an observer implements only what it needs.
///
/// ```swift
/// final class CartScreen: LoginStatusObserver {
///     func handleUserLoginExpired() { showLogin() }
/// }
/// let subscription = center.observe(cartScreen)
/// ```
public protocol LoginStatusObserver: AnyObject, Sendable {
    /// A login succeeded.
    func handleUserLogin()
    /// The person logged out.
    func handleUserLogout()
    /// The session expired.
    func handleUserLoginExpired()
    /// Nobody is logged in.
    func handleUserNotLogin()
}

extension LoginStatusObserver {
    /// Does nothing unless the observer implements it.
    public func handleUserLogin() {}
    /// Does nothing unless the observer implements it.
    public func handleUserLogout() {}
    /// Does nothing unless the observer implements it.
    public func handleUserLoginExpired() {}
    /// Does nothing unless the observer implements it.
    public func handleUserNotLogin() {}
}
