import Synchronization

/// A session store in memory.
public final class InMemorySessionStore: SessionStore {
    private let session = Mutex<Session?>(nil)

    public init() {}

    public func load() throws(ServiceError) -> Session? { session.withLock { $0 } }
    public func save(_ session: Session) throws(ServiceError) { self.session.withLock { $0 = session } }
    public func clear() throws(ServiceError) { session.withLock { $0 = nil } }

    public func clear(ifToken token: String) throws(ServiceError) {
        session.withLock { if $0?.token == token { $0 = nil } }
    }

    public func markLoggingOut(token: String) throws(ServiceError) {
        session.withLock { if let current = $0, current.token == token { $0 = current.loggingOut() } }
    }
}
