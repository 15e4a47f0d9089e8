import Protocols

/// A view model for operations that need the current session: it sends the session's token.
///
/// `@unchecked Sendable`: no mutable state of its own; the only mutable state, the base
/// class's handlers, is guarded by ``BaseViewModel``'s `handlers` mutex.
open class SessionViewModel: BaseViewModel, @unchecked Sendable {
    /// Where the current session is kept.
    public let sessions: any SessionStore

    /// A view model sending through `api`, with the session kept in `sessions`.
    public init(api: any ServiceClient, loginStatus: LoginStatusCenter, sessions: any SessionStore) {
        self.sessions = sessions
        super.init(api: api, loginStatus: loginStatus)
    }

    /// The session this view model acts for: the current one, or ``ServiceError/notLoggedIn``.
    /// (The login chain's view model acts for its login's session instead.)
    public func currentSession() throws(ServiceError) -> Session {
        guard let session = try sessions.load() else { throw .notLoggedIn }
        return session
    }

    /// Sends a request with the token of the session this view model acts for (see
    /// ``currentSession()``) and returns its value or throws. When
    /// the server says the session expired, that session — and only that one — is cleared.
    public func authorized<Value: Decodable & Sendable>(
        _ method: String, _ path: String, body: (any Encodable & Sendable)? = nil, as type: Value.Type
    ) async throws(ServiceError) -> Value {
        let token = try currentSession().token
        let outcome = await request(method, path, body: body, token: token, as: type)
        if case .failure(.loginExpired, _) = outcome { try sessions.clear(ifToken: token) }
        return try outcome.get()
    }
}
