import Container
import Logging
import ServiceLifecycle

// example:begin
extension ServerCommand {
    /// Starts the injector, serves, and on SIGTERM or SIGINT stops accepting requests, finishes
    /// the ones in flight, then closes the audit log and writes the store back.
    static func serve(
        _ configuration: ServerConfiguration, modules: [any Module], versions: VersionSelection, logger: Logger
    ) async throws {
        let server = InjectorService(modules: modules, versions: versions, logger: logger) { injector in
            try await OrdersApplication.make(injector: injector, configuration: configuration, logger: logger)
        }
        let group = ServiceGroup(
            configuration: .init(services: [server], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
        try await group.run()
    }
}
// example:end
