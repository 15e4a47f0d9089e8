import Synchronization

/// A session store in memory.
public final class InMemorySessionStore: SessionStore {
    private let session = Mutex<Session?>(nil)

    public init() {}

    public func load() throws(ServiceError) -> Session? { session.withLock { $0 } }
    public func save(_ session: Session) throws(ServiceError) { self.session.withLock { $0 = session } }
    public func clear() throws(ServiceError) { session.withLock { $0 = nil } }
}
