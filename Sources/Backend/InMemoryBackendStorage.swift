import Protocols
import Synchronization

/// Backend state in memory, for tests.
public final class InMemoryBackendStorage: BackendStorage {
    private let state = Mutex(BackendState())

    /// An empty backend with the seeded catalogue.
    public init() {}

    /// Runs `body` on the state under the mutex; it never waits for long, and never throws.
    public func transaction<Value: Sendable>(_ body: @escaping @Sendable (inout BackendState) -> Value)
        async throws(LocalFileError) -> Value
    {
        state.withLock { body(&$0) }
    }
}
