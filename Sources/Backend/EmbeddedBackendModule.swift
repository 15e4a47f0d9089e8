import Container
import FileStorage
import Protocols
import WireFormat

/// Serves the client from the embedded backend: binds its storage, its configuration, the
/// server and a ``Transport`` that calls it in process.
///
/// The server serves every generation whose module contributes its wire to the map
/// `[String: GenerationWire]` (`binder.contribute(GenerationWire.self, key: "v2") { … }`), so it
/// answers `/v1` and `/v2` whatever version the selection gives the client's services.
///
/// The server reads the time from the graph's `WallClock`, the client's clock, so a test that
/// fixes the time (in a strict child) fixes it for both ends: signatures and session expiry
/// agree. A file's storage is opened asynchronously and the server awaits it on first use (an
/// `AsyncLazy`), so only the storage itself is asynchronous; the server, the transport and the
/// services stay synchronous to resolve.
public struct EmbeddedBackendModule: Module {
    /// Where the state is kept: a storage given as it is, or a file the injector opens.
    private enum Source {
        case instance(any BackendStorage)
        case file(path: String, lockWait: LockWait)
    }

    private let source: Source
    private let configuration: BackendConfiguration

    /// A backend on `storage` as it is, such as an ``InMemoryBackendStorage``.
    /// - Parameters:
    ///   - storage: Where the state is kept.
    ///   - configuration: Hashing rounds, lifetimes and limits. The server's time is the
    ///     graph's `WallClock`.
    public init(storage: any BackendStorage, configuration: BackendConfiguration = BackendConfiguration()) {
        source = .instance(storage)
        self.configuration = configuration
    }

    /// A backend whose state is the JSON file at `path`, opened by the injector at start-up:
    /// the storage is an eager singleton with an asynchronous factory
    /// (``FileBackendStorage/open(path:lockWait:)``), so build the injector with
    /// `try await Injector.start(modules:)`, which fails with the file's ``LocalFileError`` (wrapped in
    /// a `ResolutionError`) when it cannot be opened. The binding is live-only: a strict test
    /// child replaces it.
    /// - Parameters:
    ///   - path: The backend's file, such as `~/.graft/backend.json`.
    ///   - lockWait: How long to wait for another process's lock on it.
    ///   - configuration: Hashing rounds, lifetimes and limits. The server's time is the
    ///     graph's `WallClock`.
    public init(
        file path: String, lockWait: LockWait = LockWait(), configuration: BackendConfiguration = BackendConfiguration()
    ) {
        source = .file(path: path, lockWait: lockWait)
        self.configuration = configuration
    }

    /// Binds `BackendStorage`, `BackendConfiguration`, `EmbeddedServer` (a singleton, also
    /// serving `RequestHandler`, over the generations' wires) and `Transport`.
    public func configure(_ binder: Binder) {
        let server: BindingBuilder<EmbeddedServer>
        switch source {
        case .instance(let storage):
            binder.bind(BackendStorage.self, toInstance: storage)
            binder.bind(BackendConfiguration.self, toInstance: configuration)
            server = binder.bind(EmbeddedServer.self) {
                (
                    storage: any BackendStorage, configuration: BackendConfiguration, clock: any WallClock,
                    wires: [String: GenerationWire]
                ) throws in
                try EmbeddedServer(storage: storage, configuration: configuration, clock: clock, wires: wires)
            }
        case .file(let path, let lockWait):
            binder.bind(BackendStorage.self) { () async throws -> any BackendStorage in
                try await FileBackendStorage.open(path: path, lockWait: lockWait)
            }.scope(.eagerSingleton).liveOnly()
            binder.bind(BackendConfiguration.self, toInstance: configuration)
            // The server is built synchronously and the file's storage is not: the server awaits
            // it on its first request, so the transport and the services stay synchronous too.
            server = binder.bind(EmbeddedServer.self) {
                (
                    storage: AsyncLazy<any BackendStorage>, configuration: BackendConfiguration, clock: any WallClock,
                    wires: [String: GenerationWire]
                ) throws in
                try EmbeddedServer(storage: storage, configuration: configuration, clock: clock, wires: wires)
            }
        }
        server.scope(.singleton).implements((any RequestHandler).self) { $0 }
        binder.bind(Transport.self, to: EmbeddedTransport.init)
    }
}
