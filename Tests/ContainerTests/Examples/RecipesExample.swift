import Container
import Foundation
import Synchronization

// The examples of the DocC article "Recipes": the text between each pair of markers is quoted
// there byte for byte (DocumentationExamplesTests checks it), and compiled and run here.

// example:begin
/// What one signed-in user sees; the next user must never see it.
final class MailFolder: Sendable {
    init() {}
}

/// Signs out from inside the graph: the view model that calls it needs no injector.
final class SignOutAction: Sendable {
    private let scopes: ScopeResetter
    init(scopes: ScopeResetter) { self.scopes = scopes }
    func callAsFunction() { scopes.reset(.session) }
}

struct AccountModule: Module {
    func configure(_ binder: Binder) {
        binder.bind(MailFolder.self, to: MailFolder.init).scope(.session)
        binder.bind(SignOutAction.self, to: SignOutAction.init)
    }
}

/// A unit test of the action alone records what it resets, with no injector at all.
func scopesResetBySigningOut() -> [Scope] {
    let resets = Mutex<[Scope]>([])
    SignOutAction(scopes: ScopeResetter { scope in resets.withLock { $0.append(scope) } })()
    return resets.withLock { $0 }  // [.session]
}
// example:end

// example:begin
protocol Downloader: Sendable { func download(_ path: String) throws -> String }

/// Tries a download up to three times: retrying is the decorator's job, not every downloader's.
final class RetryingDownloader: Downloader {
    private let inner: any Downloader
    init(_ inner: any Downloader) { self.inner = inner }
    func download(_ path: String) throws -> String {
        for _ in 1..<3 {
            if let body = try? inner.download(path) { return body }
        }
        return try inner.download(path)
    }
}

struct DownloadsModule: Module {
    func configure(_ binder: Binder) {
        binder.bind(Downloader.self, to: HTTPDownloader.init).liveOnly()
        binder.decorate(Downloader.self) { (inner: any Downloader) in RetryingDownloader(inner) }
    }
}
// example:end

/// The real downloader, which the tests replace.
final class HTTPDownloader: Downloader {
    init() {}
    func download(_ path: String) throws -> String { throw URLError(.notConnectedToInternet) }
}

// example:begin
/// What every plug-in provides; the app knows no plug-in by name.
protocol FileFormat: Sendable { var fileExtension: String { get } }

struct PDFFormat: FileFormat { let fileExtension = "pdf" }
struct CSVFormat: FileFormat { let fileExtension = "csv" }

/// Each plug-in is a module that contributes to the list.
struct PDFPlugin: Module {
    func configure(_ binder: Binder) {
        binder.contribute(FileFormat.self, id: "pdf") { PDFFormat() }
    }
}

struct CSVPlugin: Module {
    func configure(_ binder: Binder) {
        binder.contribute(FileFormat.self, id: "csv", position: -1) { CSVFormat() }
    }
}

final class ExportMenu: Sendable {
    let formats: [any FileFormat]
    init(formats: [any FileFormat]) { self.formats = formats }
}

struct ExportModule: Module {
    func configure(_ binder: Binder) {
        binder.declareList(FileFormat.self)  // an app with no plug-in has an empty menu
        binder.bind(ExportMenu.self, to: ExportMenu.init)
    }
}

func menu(plugins: [any Module]) throws -> [String] {
    let injector = try Injector(modules: [ExportModule()] + plugins)
    return try injector.resolve(ExportMenu.self).formats.map(\.fileExtension)  // csv, pdf: by position, then id
}
// example:end

// example:begin
/// The app's connection pool: one for the whole server.
final class ConnectionPool: Sendable {
    init() {}
}

/// Who asked, known only when a request arrives.
struct RequestContext: Sendable {
    let requestID: String
    let user: String
}

final class OrderHandler: Sendable {
    let context: RequestContext
    let pool: ConnectionPool
    init(context: RequestContext, pool: ConnectionPool) {
        self.context = context
        self.pool = pool
    }
    func respond() -> String { "orders of \(context.user) (\(context.requestID))" }
}

struct ServerModule: Module {
    func configure(_ binder: Binder) {
        binder.bind(ConnectionPool.self, to: ConnectionPool.init).scope(.singleton)
    }
}

/// What one request binds: its context, and the services that need it.
struct RequestModule: Module {
    let context: RequestContext
    func configure(_ binder: Binder) {
        binder.bind(RequestContext.self, toInstance: context)
        binder.bind(OrderHandler.self, to: OrderHandler.init).scope(.singleton)  // one per request
    }
}

struct OrderServer: Sendable {
    let injector: Injector  // built once, at start-up, from ServerModule

    func handle(requestID: String, user: String) throws -> String {
        let context = RequestContext(requestID: requestID, user: user)
        let request = try injector.child(modules: [RequestModule(context: context)])
        return try request.resolve(OrderHandler.self).respond()  // released with the request
    }
}
// example:end

// example:begin
/// The app maps its own build settings to a version; the container knows no build flag.
enum BuildSettings {
    #if BETA
        static let generation = "v2"
        static let apiHost = "beta.example.com"
    #else
        static let generation = "v1"
        static let apiHost = "api.example.com"
    #endif
}

struct APIHost: Sendable { let name: String }

protocol SearchEngine: Sendable { var generation: String { get } }
struct KeywordSearch: SearchEngine { let generation = "v1" }
struct SemanticSearch: SearchEngine { let generation = "v2" }

struct SearchModule: Module {
    func configure(_ binder: Binder) {
        binder.bind(APIHost.self, toInstance: APIHost(name: BuildSettings.apiHost))
        binder.bind(SearchEngine.self) { KeywordSearch() }.version("v1")
        binder.bind(SearchEngine.self) { SemanticSearch() }.version("v2")
    }
}

func searchInjector() throws -> Injector {
    try Injector(modules: [SearchModule()], versions: .buildDefault(BuildSettings.generation))
}
// example:end
