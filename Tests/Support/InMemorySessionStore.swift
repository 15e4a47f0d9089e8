import Protocols
import Synchronization

/// A session store in memory, for tests: one per injector.
public final class InMemorySessionStore: SessionStore {
    private let session = Mutex<Session?>(nil)

    /// A store with no session.
    public init() {}

    /// The session saved last, if any.
    public func load() throws(ServiceError) -> Session? { session.withLock { $0 } }
    /// Keeps `session` as the current one.
    public func save(_ session: Session) throws(ServiceError) { self.session.withLock { $0 = session } }
    /// Forgets the session.
    public func clear() throws(ServiceError) { session.withLock { $0 = nil } }

    /// Forgets the session only if it is still the one with `token`.
    public func clear(ifToken token: String) throws(ServiceError) {
        session.withLock { if $0?.token == token { $0 = nil } }
    }

    /// Marks the session with `token`, if current, as being logged out.
    public func markLoggingOut(token: String) throws(ServiceError) {
        session.withLock { if let current = $0, current.token == token { $0 = current.loggingOut() } }
    }
}
