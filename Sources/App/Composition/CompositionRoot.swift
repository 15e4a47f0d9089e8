import Backend
import Client
import Container
import Foundation
import ImplV1
import ImplV2
import Protocols

/// The one place `graft` composes its graph: the client, the backend (embedded, or a real
/// server over HTTP), both generations' modules, and the local state under the home folder.
///
/// Every binding that touches the world — files under the home folder, the network, the clock,
/// the console — is `.liveOnly()`, so a test built on a strict child of this graph must replace
/// each one (`Tests/AppTests/TestComposition.swift` does, and a test there fails when a new one
/// has no replacement).
enum CompositionRoot {
    static func modules(_ settings: Settings) -> [any Module] {
        let backend: any Module =
            settings.server.map { HTTPBackendModule(url: $0, timeout: settings.timeout) }
            ?? EmbeddedBackendModule(
                file: settings.backendPath, lockWait: settings.lockWait, configuration: embeddedConfiguration)
        // The generations first, so `graft graph` starts with the business services.
        return generations + [
            ClientModule(secret: BackendConfiguration.defaultClientSecret), backend,
            LocalStateModule(settings: settings),
        ] + (settings.tracer.map { [TracingModule(tracer: $0)] } ?? [])
    }

    /// The modules of the generations `graft` ships, oldest first.
    static var generations: [any Module] { [ImplV1Module(), ImplV2Module()] }

    /// The generation `graft` serves when neither `--impl` nor `GRAFT_IMPL` chooses one: the
    /// package trait `ImplV2` makes it v2, otherwise v1. The app maps its build configuration
    /// here; the container knows nothing of the traits.
    static var defaultGeneration: String {
        #if ImplV2
            "v2"
        #else
            "v1"
        #endif
    }

    /// `graft`'s injector for `settings`. Asynchronous because starting it opens the embedded
    /// backend's file (an eager singleton with an `async` factory): a corrupt or locked
    /// `backend.json` fails here, before any command runs, with the file's `LocalFileError`
    /// inside the `ResolutionError`.
    static func injector(
        _ settings: Settings, versions: VersionSelection? = nil, validating: Injector.Validation = .all
    ) async throws
        -> Injector
    {
        try await Injector.start(
            modules: modules(settings), versions: versions ?? settings.versions, validating: validating)
    }

    /// The embedded backend's settings for the CLI: 10,000 PBKDF2 rounds, a one-hour session.
    static let embeddedConfiguration = BackendConfiguration(hashIterations: 10_000)
}

/// A real server over HTTP.
struct HTTPBackendModule: Module {
    let url: URL
    let timeout: Int

    func configure(_ binder: Binder) {
        let transport = HTTPTransport(baseURL: url, timeout: .seconds(timeout))
        binder.bind(Transport.self, toInstance: transport).liveOnly()
    }
}

/// The session and customer records, in files under the home folder.
struct LocalStateModule: Module {
    let settings: Settings

    func configure(_ binder: Binder) {
        binder.bind(
            SessionStore.self,
            toInstance: FileSessionStore(
                path: settings.sessionPath, lockWait: settings.lockWait, reaching: settings.reached)
        )
        .liveOnly()
        binder.bind(
            CustomerRecordStore.self,
            toInstance: FileCustomerRecordStore(path: settings.customersPath, lockWait: settings.lockWait)
        )
        .liveOnly()
    }
}
