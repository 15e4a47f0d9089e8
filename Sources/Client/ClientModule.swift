import Container
import Cryptography
import Protocols

/// The client side every generation shares: the login-status center, the reset of the session
/// scope when a session ends or begins, the request signer and the wall clock. Each generation's module binds its own ``APIClient``; the transport and the
/// stores come from other modules.
public struct ClientModule: Module {
    private let secret: [UInt8]

    /// A client whose signer (used by the generations that sign requests) holds `secret`.
    public init(secret: [UInt8]) {
        self.secret = secret
    }

    /// Binds the login-status center (one per injector), the session-scope reset (subscribed
    /// as the injector starts), the signer and the system clock.
    public func configure(_ binder: Binder) {
        binder.bind(LoginStatusCenter.self) { LoginStatusCenter() }.scope(.singleton)
        binder.bind(SessionScopeReset.self, to: SessionScopeReset.init).scope(.eagerSingleton)
        binder.bind(RequestSigner.self, toInstance: RequestSigner(secret: secret))
        binder.bind(WallClock.self, to: SystemWallClock.init).liveOnly()
    }
}
