import FileStorage
import Protocols

/// The session in `session.json`, readable by its owner only (mode 0600): it holds the token.
struct FileSessionStore: SessionStore {
    private struct Document: Codable, Sendable {
        var session: Session?
    }

    private let file: JSONFile<Document>
    /// Told each ``StatePoint`` as it is passed: nothing in `graft`, a pause in the test-only build.
    private let reached: @Sendable (StatePoint) -> Void

    init(
        path: String, lockWait: LockWait = LockWait(),
        reaching reached: @escaping @Sendable (StatePoint) -> Void = { _ in }
    ) {
        file = JSONFile(path: path, mode: 0o600, lockWait: lockWait)
        self.reached = reached
    }

    func load() throws(ServiceError) -> Session? {
        let session: Session?
        do { session = try file.read(empty: Document()).session } catch { throw .localState(error) }
        reached(.sessionLoaded)
        return session
    }

    func save(_ session: Session) throws(ServiceError) {
        try change { $0.session = session }
        reached(.sessionSaved)
    }

    func clear() throws(ServiceError) {
        try change { $0.session = nil }
    }

    func clear(ifToken token: String) throws(ServiceError) {
        reached(.clearingSession)
        // Compared under the lock: a login that saved a new session meanwhile keeps it.
        try change { document in
            if document.session?.token == token { document.session = nil }
        }
    }

    func markLoggingOut(token: String) throws(ServiceError) {
        try change { document in
            if let session = document.session, session.token == token { document.session = session.loggingOut() }
        }
    }

    private func change(_ body: (inout Document) -> Void) throws(ServiceError) {
        do {
            try file.update(empty: Document()) { body(&$0) }
        } catch let error as LocalFileError {
            throw .localState(error)
        } catch {
            throw .localState(.unwritable(path: file.path, reason: "\(error)"))
        }
    }
}
