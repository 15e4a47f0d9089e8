import Container
import Logging
import ServiceLifecycle

// example:begin
/// Runs an injector's start-up and shutdown inside a swift-service-lifecycle `ServiceGroup`,
/// around the service that serves with it (a Hummingbird `Application`).
///
/// `run()` starts the injector (`Injector.start`: eager singletons in the graph's order), then
/// runs the service made from it until the group shuts down gracefully, then closes the
/// injector's services: dependants first, independent ones concurrently. A `ServiceGroup` starts
/// its services together and has no "ready" signal, so the one service that owns the injector
/// is what keeps serving after start-up and closing after serving.
public struct InjectorService: Service {
    private let modules: [any Module]
    private let versions: VersionSelection
    private let closers: [Closer]
    private let logger: Logger
    private let serving: @Sendable (Injector) async throws -> any Service

    public init(
        modules: [any Module], versions: VersionSelection, closers: [Closer], logger: Logger,
        serving: @escaping @Sendable (Injector) async throws -> any Service
    ) {
        self.modules = modules
        self.versions = versions
        self.closers = closers
        self.logger = logger
        self.serving = serving
    }

    public func run() async throws {
        let injector = try await Injector.start(modules: modules, versions: versions)
        logger.info("started", metadata: ["start-up": "\(injector.startUpProfile.total)"])
        do {
            try await serving(injector).run()
        } catch {
            try? await shutDown(injector)  // each failure to close is logged
            throw error
        }
        try await shutDown(injector)
    }

    /// Closes what the app said closes, in the graph's order. When Graft's injector can close
    /// what it built, this body becomes `try await injector.shutdown()`, and `closers` goes.
    func shutDown(_ injector: Injector) async throws {
        var failures: [(service: ServiceKey, error: any Error)] = []
        let waves = ShutdownOrder.waves(of: closers.map(\.key), in: injector.graph)
        for wave in waves {
            failures += await withTaskGroup(of: (service: ServiceKey, error: any Error)?.self) { group in
                for closer in closers where wave.contains(closer.key) {
                    group.addTask {
                        do {
                            try await closer.close(injector)
                            return nil
                        } catch {
                            return (closer.key, error)
                        }
                    }
                }
                return await group.reduce(into: []) { failures, failure in
                    if let failure { failures.append(failure) }
                }
            }
        }
        for failure in failures {
            logger.error("could not close \(failure.service)", metadata: ["error": "\(failure.error)"])
        }
        guard failures.isEmpty else { throw ShutdownError(failures: failures) }
        let order = waves.map { $0.map(\.description).joined(separator: " and ") }.joined(separator: ", then ")
        logger.info("closed \(order)")
    }
}
// example:end
