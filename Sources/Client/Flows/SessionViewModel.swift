import Protocols

/// A view model for operations that need the current session: it sends the session's token.
///
/// `@unchecked Sendable`: no mutable state of its own; the only mutable state, the base
/// class's handlers, is guarded by ``BaseViewModel``'s `handlers` mutex.
open class SessionViewModel: BaseViewModel, @unchecked Sendable {
    /// Where the current session is kept.
    public let sessions: any SessionStore
    /// The time a session's `expiresAt` is compared with.
    public let clock: any WallClock

    /// A view model sending through `api`, with the session kept in `sessions` and its expiry
    /// told by `clock`.
    public init(
        api: any ServiceClient, loginStatus: LoginStatusCenter, sessions: any SessionStore, clock: any WallClock
    ) {
        self.sessions = sessions
        self.clock = clock
        super.init(api: api, loginStatus: loginStatus)
    }

    /// The session this view model acts for: the current one, or ``ServiceError/notLoggedIn``.
    /// (The login chain's view model acts for its login's session instead.)
    public func currentSession() throws(ServiceError) -> Session {
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
            loginStatus.post(.expired)
            throw .notLoggedIn
        }
        let outcome = await request(method, path, body: body, token: token, as: type)
        if case .failure(.loginExpired, _) = outcome { try sessions.clear(ifToken: token) }
        return try outcome.get()
    }

    /// Whether `session` is past the time the server said it ends. The server's word still
    /// counts when it says so sooner (another device logged out, a server's clock ahead).
    public func hasExpired(_ session: Session) -> Bool {
        session.expiresAt <= clock.secondsSince1970()
    }
}
