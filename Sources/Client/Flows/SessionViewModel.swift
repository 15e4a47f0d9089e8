import Protocols

/// A view model for operations that need a session: it sends the session's token through the
/// ``BaseViewModel`` it holds, and clears the session that has expired.
///
/// It acts for the current session, or — ``pinned(to:)`` — for one given session, whatever the
/// store holds meanwhile: the login chain's links act for their login's session, although
/// another process may save another customer's session while the chain runs.
public struct SessionViewModel: Sendable {
    /// Sends the requests and sorts their answers.
    public let base: BaseViewModel
    /// Where the current session is kept.
    public let sessions: any SessionStore
    /// The time a session's `expiresAt` is compared with.
    public let clock: any WallClock
    /// The session acted for instead of the store's, if any.
    private let pinned: Session?

    /// A view model sending through `base`, with the session kept in `sessions` and its expiry
    /// told by `clock`.
    public init(base: BaseViewModel, sessions: any SessionStore, clock: any WallClock) {
        self.init(base: base, sessions: sessions, clock: clock, pinned: nil)
    }

    /// A view model over a ``BaseViewModel`` of `api`, posting to `loginStatus`, with the session
    /// kept in `sessions` and its expiry told by `clock`.
    public init(
        api: any ServiceClient, loginStatus: LoginStatusCenter, sessions: any SessionStore, clock: any WallClock
    ) {
        self.init(base: BaseViewModel(api: api, loginStatus: loginStatus), sessions: sessions, clock: clock)
    }

    private init(base: BaseViewModel, sessions: any SessionStore, clock: any WallClock, pinned: Session?) {
        self.base = base
        self.sessions = sessions
        self.clock = clock
        self.pinned = pinned
    }

    /// The client of the generation this view model speaks.
    public var api: any ServiceClient { base.api }

    /// This view model, acting for `session` whatever the store holds from now on: the same
    /// client, success codes, store and clock.
    public func pinned(to session: Session) -> SessionViewModel {
        SessionViewModel(base: base, sessions: sessions, clock: clock, pinned: session)
    }

    /// The session this view model acts for: the pinned one, else the current one, else
    /// ``ServiceError/notLoggedIn``.
    public func currentSession() throws(ServiceError) -> Session {
        if let pinned { return pinned }
        guard let session = try sessions.load() else { throw .notLoggedIn }
        return session
    }

    /// Sends a request with the token of the session this view model acts for (see
    /// ``currentSession()``) and returns its value or throws. When the session's own record says
    /// it has expired, or the server says so, that session — and only that one — is cleared and
    /// ``LoginStatus/expired`` posted; an expired session's token is never sent.
    public func authorized<Value: Decodable & Sendable>(
        _ method: String, _ path: String, body: (any Encodable & Sendable)? = nil, as type: Value.Type
    ) async throws(ServiceError) -> Value {
        let session = try currentSession()
        let token = session.token
        if hasExpired(session) {
            try sessions.clear(ifToken: token)
            base.loginStatus.post(.expired)
            throw .notLoggedIn
        }
        let outcome = await base.request(method, path, body: body, token: token, as: type)
        if case .failure(.loginExpired, _) = outcome { try sessions.clear(ifToken: token) }
        return try outcome.get()
    }

    /// Whether `session` is past the time the server said it ends. The server's word still
    /// counts when it says so sooner (another device logged out, a server's clock ahead).
    public func hasExpired(_ session: Session) -> Bool {
        session.expiresAt <= clock.secondsSince1970()
    }
}
