import Container
import Protocols

/// Empties the `.session` scope whenever a session ends or begins: on logout, on expiry, and
/// on a login, which may replace a session that never ended (a second `graft login` without a
/// logout), so that what one session built is never served in another.
///
/// An eager singleton of ``ClientModule``: it subscribes when the injector starts and resets
/// through an injected ``ScopeResetter``, so no view model, and not the composition root,
/// needs the injector.
public final class SessionScopeReset: Sendable {
    private let subscription: LoginStatusSubscription

    /// Subscribes to `center` for as long as this instance lives, and resets `.session` through
    /// `scopes` on every login, logout and expiry.
    public init(center: LoginStatusCenter, scopes: ScopeResetter) {
        subscription = center.subscribe { status in
            switch status {
            case .loggedIn, .loggedOut, .expired: scopes.reset(.session)
            case .notLoggedIn: break
            }
        }
    }

    deinit { subscription.cancel() }
}
