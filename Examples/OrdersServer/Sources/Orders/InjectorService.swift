import Container
import Logging
import ServiceLifecycle

// example:begin
/// Runs an injector's start-up and shutdown inside a swift-service-lifecycle `ServiceGroup`,
/// around the service that serves with it (a Hummingbird `Application`).
///
/// `run()` starts the injector (`Injector.start`: eager singletons in the graph's order), then
/// runs the service made from it until the group shuts down gracefully, then shuts the injector
/// down: what it keeps closes in the graph's order, dependants first, independent ones
/// concurrently. A `ServiceGroup` starts its services together and has no "ready" signal, so
/// the one service that owns the injector is what keeps serving after start-up and closing
/// after serving.
public struct InjectorService: Service {
    private let modules: [any Module]
    private let versions: VersionSelection
    private let logger: Logger
    private let serving: @Sendable (Injector) async throws -> any Service

    public init(
        modules: [any Module], versions: VersionSelection, logger: Logger,
        serving: @escaping @Sendable (Injector) async throws -> any Service
    ) {
        self.modules = modules
        self.versions = versions
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

    /// Closes what the injector keeps, within ten seconds, and logs what closed, and after what.
    func shutDown(_ injector: Injector) async throws {
        do {
            let profile = try await injector.shutdown(within: .seconds(10))
            for closed in profile.entries {
                let after = closed.after.map(\.description).joined(separator: ", ")
                logger.info(
                    "closed \(closed.key)\(after.isEmpty ? "" : " after \(after)")",
                    metadata: ["took": "\(closed.duration)"])
            }
        } catch {
            logger.error("could not close everything", metadata: ["error": "\(error)"])
            throw error
        }
    }
}
// example:end
