import Container
import Logging
import ServiceLifecycle

/// The `OrdersServer` command: reads its configuration, then serves until SIGTERM or SIGINT.
public enum ServerCommand {
    /// Runs the server and returns the process's exit status: 0 after a graceful shutdown with
    /// the store written back, 64 for a configuration it cannot run with, 1 for any other failure.
    public static func run(arguments: [String], environment: [String: String]) async -> Int32 {
        var logger = Logger(label: "orders")
        logger.logLevel = environment["ORDERS_LOG_LEVEL"].flatMap(Logger.Level.init(rawValue:)) ?? .info
        let configuration: ServerConfiguration
        let modules: [any Module]
        let versions: VersionSelection
        do {
            configuration = try ServerConfiguration(arguments: arguments, environment: environment)
            modules = OrdersComposition.modules(storePath: configuration.storePath, logger: logger)
            versions = try OrdersComposition.versions(configuration.versions, modules: modules)
        } catch {
            var standardError = StandardError()
            print("error: \(error)\n\(ServerConfiguration.usage)", to: &standardError)
            return 64
        }
        do {
            try await serve(configuration, modules: modules, versions: versions, logger: logger)
            return 0
        } catch {
            logger.critical("the server stopped", metadata: ["error": "\(error)"])
            return 1
        }
    }

    // example:begin
    /// Starts the injector, serves, and on SIGTERM or SIGINT stops accepting requests, finishes
    /// the ones in flight, then closes the audit log and writes the store back.
    static func serve(
        _ configuration: ServerConfiguration, modules: [any Module], versions: VersionSelection, logger: Logger
    ) async throws {
        let server = InjectorService(
            modules: modules, versions: versions, closers: OrdersComposition.closers, logger: logger
        ) { injector in
            try await OrdersApplication.make(injector: injector, configuration: configuration, logger: logger)
        }
        let group = ServiceGroup(
            configuration: .init(services: [server], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
        try await group.run()
    }
    // example:end
}
