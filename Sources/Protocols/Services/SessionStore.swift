/// Where the current session is kept: a file with mode 0600 for the CLI, memory for tests.
public protocol SessionStore: Sendable {
    /// The current session, if any.
    func load() throws(ServiceError) -> Session?
    /// Keeps `session` as the current one.
    func save(_ session: Session) throws(ServiceError)
    /// Forgets the current session.
    func clear() throws(ServiceError)
    /// Clears the session only if it is still the one with `token`, in one step: a session that
    /// ended must not take with it the one a later login saved meanwhile.
    func clear(ifToken token: String) throws(ServiceError)
    /// Marks the session with `token`, if it is still the current one, as being logged out, so
    /// that a logout cut short is not mistaken for a live session.
    func markLoggingOut(token: String) throws(ServiceError)
}
