import Protocols

/// Where the embedded backend keeps its state: every request is one transaction on it.
///
/// Asynchronous because a file shared with other `graft` processes may have to wait for their
/// lock: ``FileBackendStorage`` waits on a thread of its own, never on one of the few threads
/// Swift concurrency shares.
public protocol BackendStorage: Sendable {
    /// Runs `body` on the state with no other transaction in between, and keeps what it changed.
    /// - Throws: ``LocalFileError`` naming the file when the state cannot be read or written.
    func transaction<Value: Sendable>(_ body: @escaping @Sendable (inout BackendState) -> Value)
        async throws(LocalFileError) -> Value
}
