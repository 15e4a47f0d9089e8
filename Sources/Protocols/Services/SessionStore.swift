import Synchronization

/// Where the current session is kept: a file with mode 0600 for the CLI, memory for tests.
public protocol SessionStore: Sendable {
    /// The current session, if any.
    func load() throws(ServiceError) -> Session?
    func save(_ session: Session) throws(ServiceError)
    func clear() throws(ServiceError)
}

/// A session store in memory.
public final class InMemorySessionStore: SessionStore {
    private let session = Mutex<Session?>(nil)

    public init() {}

    public func load() throws(ServiceError) -> Session? { session.withLock { $0 } }
    public func save(_ session: Session) throws(ServiceError) { self.session.withLock { $0 = session } }
    public func clear() throws(ServiceError) { session.withLock { $0 = nil } }
}
