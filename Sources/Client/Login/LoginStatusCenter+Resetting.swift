import Container
import Protocols

extension LoginStatusCenter {
    /// Empties `scope` of `injector` whenever a session ends or begins: on logout, on expiry,
    /// and on a login, which may replace a session that never ended (a second `graft login`
    /// without a logout), so that what one session built is never served in another. The app's
    /// composition root calls this once, so no view model needs the injector.
    ///
    /// - Returns: The subscription; the reset stops when it is cancelled.
    public func resetting(_ scope: Scope, of injector: Injector) -> LoginStatusSubscription {
        subscribe { [weak injector] status in
            switch status {
            case .loggedIn, .loggedOut, .expired: injector?.reset(scope)
            case .notLoggedIn: break
            }
        }
    }
}
