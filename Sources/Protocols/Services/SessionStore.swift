/// Where the current session is kept: a file with mode 0600 for the CLI, memory for tests.
public protocol SessionStore: Sendable {
    /// The current session, if any.
    func load() throws(ServiceError) -> Session?
    func save(_ session: Session) throws(ServiceError)
    func clear() throws(ServiceError)
}
