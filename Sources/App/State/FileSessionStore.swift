import Protocols

/// The session in `session.json`, readable by its owner only (mode 0600): it holds the token.
struct FileSessionStore: SessionStore {
    private struct Document: Codable, Sendable {
        var session: Session?
    }

    private let file: JSONFile<Document>

    init(path: String, lockWait: LockWait = LockWait()) {
        file = JSONFile(path: path, mode: 0o600, lockWait: lockWait)
    }

    func load() throws(ServiceError) -> Session? {
        do { return try file.read(empty: Document()).session } catch { throw .localState(error) }
    }

    func save(_ session: Session) throws(ServiceError) {
        try change { $0.session = session }
    }

    func clear() throws(ServiceError) {
        try change { $0.session = nil }
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
