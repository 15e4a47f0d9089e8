import FileStorage
import Foundation
import Protocols

/// Backend state in a JSON file, shared safely by every `graft` process on this machine.
public struct FileBackendStorage: BackendStorage {
    private let file: JSONFile<BackendState>

    /// The state in `path`, created on first use; `lockWait` bounds the wait for another process.
    public init(path: String, lockWait: LockWait = LockWait()) {
        file = JSONFile(path: path, mode: 0o600, lockWait: lockWait)
    }

    /// Opens the state in `path`: reads and checks the whole file, so that a corrupt one is
    /// reported (and moved aside) before any request, not in the middle of one.
    ///
    /// Opening may wait up to `lockWait.limit` for another `graft` process's lock.
    /// `EmbeddedBackendModule(file:lockWait:configuration:)` binds this as the asynchronous
    /// factory of an eager singleton, so `try await Injector.start(modules:)` opens the file before it
    /// returns.
    /// - Throws: ``LocalFileError`` naming the file: corrupt (kept aside), unreadable, or busy.
    public static func open(path: String, lockWait: LockWait = LockWait()) async throws(LocalFileError)
        -> FileBackendStorage
    {
        let storage = FileBackendStorage(path: path, lockWait: lockWait)
        _ = try await onThreadOfItsOwn { () throws(LocalFileError) in try storage.file.read(empty: BackendState()) }
        return storage
    }

    /// Runs `body` on the file's state under its lock, and writes the state back if it changed.
    /// - Throws: ``LocalFileError`` naming the file.
    public func transaction<Value: Sendable>(_ body: @escaping @Sendable (inout BackendState) -> Value)
        async throws(LocalFileError) -> Value
    {
        try await Self.onThreadOfItsOwn { [file] () throws(LocalFileError) in
            do {
                return try file.update(empty: BackendState(), body)
            } catch let error as LocalFileError {
                throw error
            } catch {
                throw .unwritable(path: file.path, reason: "\(error)")
            }
        }
    }

    /// Runs `work`, which may wait for another process's lock (polling), on a thread of its own:
    /// the wait holds none of the few threads Swift concurrency shares.
    private static func onThreadOfItsOwn<Value: Sendable>(
        _ work: @escaping @Sendable () throws(LocalFileError) -> Value
    ) async throws(LocalFileError) -> Value {
        let outcome = await withCheckedContinuation {
            (continuation: CheckedContinuation<Result<Value, LocalFileError>, Never>) in
            Thread { continuation.resume(returning: Result { () throws(LocalFileError) in try work() }) }.start()
        }
        return try outcome.get()
    }
}
