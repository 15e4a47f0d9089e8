import Container
import Logging

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
}
