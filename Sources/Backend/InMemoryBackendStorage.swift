import Protocols
import Synchronization

/// Backend state in memory, for tests.
public final class InMemoryBackendStorage: BackendStorage {
    private let state = Mutex(BackendState())

    public init() {}

    public func transaction<Result: Sendable>(_ body: (inout BackendState) -> Result) throws(LocalFileError) -> Result {
        state.withLock { body(&$0) }
    }
}
