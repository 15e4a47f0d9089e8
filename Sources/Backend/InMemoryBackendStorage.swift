import Protocols
import Synchronization

/// Backend state in memory, for tests.
public final class InMemoryBackendStorage: BackendStorage {
    private let state = Mutex(BackendState())

    /// An empty backend with the seeded catalogue.
    public init() {}

    /// Runs `body` on the state under the mutex; it never throws.
    public func transaction<Result: Sendable>(_ body: (inout BackendState) -> Result) throws(LocalFileError) -> Result {
        state.withLock { body(&$0) }
    }
}
