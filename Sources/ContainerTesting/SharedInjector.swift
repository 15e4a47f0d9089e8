import Container
import Synchronization

/// An injector built once, on first use, for every test of one trait: the tests that start
/// while it is being built wait for the same build, and a build that fails fails them all.
final class SharedInjector: Sendable {
    private let build = Mutex<Task<Injector, any Error>?>(nil)

    /// The injector that `make` builds, the first time it is asked for.
    func injector(_ make: @escaping @Sendable () async throws -> Injector) async throws -> Injector {
        let task = build.withLock { build in
            if let build { return build }
            // Not a child of the first test's task: that test ending or being cancelled does
            // not stop the build that the others wait for.
            let started = Task { try await make() }
            build = started
            return started
        }
        return try await task.value
    }
}
