import Container
import Protocols

extension LoginStatusCenter {
    /// Empties `scope` of `injector` whenever the session ends: on logout and on expiry.
    /// The app's composition root calls this once, so no view model needs the injector.
    ///
    /// - Returns: The subscription; the reset stops when it is cancelled.
    public func resetting(_ scope: Scope, of injector: Injector) -> LoginStatusSubscription {
        subscribe { [weak injector] status in
            if status == .expired || status == .loggedOut { injector?.reset(scope) }
        }
    }
}
