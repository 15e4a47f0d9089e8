import FileStorage
import Protocols

/// Backend state in a JSON file, shared safely by every `graft` process on this machine.
public struct FileBackendStorage: BackendStorage {
    private let file: JSONFile<BackendState>

    /// The state in `path`, created on first use; `lockWait` bounds the wait for another process.
    public init(path: String, lockWait: LockWait = LockWait()) {
        file = JSONFile(path: path, mode: 0o600, lockWait: lockWait)
    }

    /// Reads the file, so that a corrupt one is reported (and moved aside) before any request.
    public func check() throws(LocalFileError) {
        _ = try file.read(empty: BackendState())
    }

    public func transaction<Result: Sendable>(_ body: (inout BackendState) -> Result) throws(LocalFileError) -> Result {
        do {
            return try file.update(empty: BackendState(), body)
        } catch let error as LocalFileError {
            throw error
        } catch {
            throw .unwritable(path: file.path, reason: "\(error)")
        }
    }
}
