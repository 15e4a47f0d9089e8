import Container
import Protocols

/// Serves the client from the embedded backend: binds the server and a ``Transport`` that calls
/// it in process.
public struct EmbeddedBackendModule: Module {
    private let storage: any BackendStorage
    private let configuration: BackendConfiguration

    public init(storage: any BackendStorage, configuration: BackendConfiguration = BackendConfiguration()) {
        self.storage = storage
        self.configuration = configuration
    }

    public func configure(_ binder: Binder) {
        binder.bind(EmbeddedServer.self, toInstance: EmbeddedServer(storage: storage, configuration: configuration))
        binder.bind(RequestHandler.self) { (server: EmbeddedServer) in server }
        binder.bind(Transport.self, to: EmbeddedTransport.init)
    }
}
