import Container
import Synchronization
import Testing

// The examples of the DocC article "Getting Started": the text between each pair of markers is
// quoted there byte for byte (DocumentationExamplesTests checks it), and compiled and run here.

// example:begin
struct WebModule: Module {
    func configure(_ binder: Binder) {
        binder.bind(WebTransport.self, to: EmbeddedWebTransport.init).scope(.singleton).liveOnly()
        binder.bind(WebClient.self, to: WebClient.init)
    }
}

func makeWebClient() throws -> WebClient {
    let injector = try Injector(modules: [WebModule(), StorefrontModule()])
    return try injector.resolve(WebClient.self)
}
// example:end

// example:begin
struct CacheModule: Module {
    func configure(_ binder: Binder) {
        binder.bind(PageCache.self, needs: CacheSettings.self, Provider<DiskCache>.self) { resolver in
            let settings = try resolver.resolve(CacheSettings.self)
            return settings.inMemory ? MemoryCache() : try resolver.resolve(Provider<DiskCache>.self)()
        }
        binder.bind(DiskCache.self, to: DiskCache.init)
    }
}
// example:end

// example:begin
struct InvoicesModule: Module {
    func configure(_ binder: Binder) {
        binder.bind(InvoiceDetail.self, arguments: InvoiceID.self) { (id: InvoiceID, client: WebClient) in
            InvoiceDetail(id: id, client: client)
        }
        binder.bind(InvoiceList.self, to: InvoiceList.init)  // takes makeDetail: Factory<InvoiceID, InvoiceDetail>
    }
}

func invoiceDetail(_ injector: Injector) throws -> InvoiceDetail {
    try injector.resolve(InvoiceDetail.self, arguments: InvoiceID("A-17"))
}
// example:end

// example:begin
enum Standby: BindingName { static let name = "standby" }

struct StatementsModule: Module {
    func configure(_ binder: Binder) {
        binder.bind(AccountLedger.self, to: StandbyLedger.init).named(Standby.self)
        binder.bind(Statement.self) { (ledger: Named<Standby, AccountLedger>, clock: (any Clock)?) in
            Statement(ledger: ledger.value, clock: clock)
        }
        binder.bind(ArchiveStore.self, to: ArchiveStore.init)
            .scope(.singleton)
            .implements((any ArchiveReader).self) { $0 }
    }
}
// example:end

// example:begin
struct MetricsModule: Module {
    func configure(_ binder: Binder) {
        binder.contribute(MetricsSink.self, id: "console") { ConsoleMetricsSink() }
        binder.contribute(MetricsSink.self, id: "remote", position: 10) { RemoteMetricsSink() }.version("v2")
        binder.bind(Metrics.self) { (sinks: [any MetricsSink]) in Metrics(sinks: sinks) }
    }
}
// example:end

// example:begin
struct BasketLoggingModule: Module {
    func configure(_ binder: Binder) {
        binder.bind(EventLog.self, to: EventLog.init).scope(.singleton)
        binder.decorate(BasketService.self) { (inner: any BasketService, log: EventLog) in
            LoggingBasket(inner, log: log)
        }
    }
}

func spying(on injector: Injector) throws -> Injector {
    try injector.child { binder in
        binder.decorate(BasketService.self) { (inner: any BasketService) in BasketSpy(inner) }
    }
}
// example:end

// example:begin
struct StoreV1Module: Module {
    func configure(_ binder: Binder) {
        binder.bind(BasketService.self, to: BasketServiceV1.init).version("v1")
        binder.bind(FavoritesService.self, to: FavoritesServiceV1.init).version("v1")
    }
}

struct StoreV2Module: Module {
    func configure(_ binder: Binder) {
        // Only what changed: the favorites fall back to v1.
        binder.bind(BasketService.self, to: BasketServiceV2.init).version("v2")
    }
}

func storeInjector() throws -> Injector {
    let injector = try Injector(
        modules: [WebModule(), ClockModule(), StoreV1Module(), StoreV2Module()],
        versions: VersionSelection(default: "v2", overrides: [.of(BasketService.self): "v1"]))
    print(injector.explain(FavoritesService.self))
    return injector
}
// example:end

// example:begin
@Test func addingToTheBasketSendsOneBatch() throws {
    let transport = RecordingWebTransport()
    let injector = try Injector(modules: StoreModules.all).child(strict: true) { binder in
        binder.bind(WebTransport.self, toInstance: transport)
        binder.bind(Clock.self, toInstance: FixedClock(now: 0))
    }
    try injector.resolve(BasketService.self).add("apple")
    #expect(transport.requests.count == 1)
}
// example:end

// example:begin
func drawStore(_ injector: Injector) -> String {
    print(injector.explain(BasketService.self))  // which binding, version and scope serve it, and why
    return injector.graph.rendered(as: .mermaid)  // also .text, .dot and .json
}
// example:end

// The app's modules, and what the examples bind.

enum StoreModules {
    static var all: [any Module] { [WebModule(), ClockModule(), StoreV1Module(), StoreV2Module()] }
}

/// The real clock, which a test must replace.
struct ClockModule: Module {
    func configure(_ binder: Binder) {
        binder.bind(Clock.self, to: SystemClock.init).liveOnly()
    }
}

protocol WebTransport: Sendable { func send(_ request: String) }
final class EmbeddedWebTransport: WebTransport {
    func send(_ request: String) {}
}
/// A fake transport that remembers what it sent.
final class RecordingWebTransport: WebTransport {
    private let sent = Mutex<[String]>([])
    var requests: [String] { sent.withLock { $0 } }
    func send(_ request: String) { sent.withLock { $0.append(request) } }
}
final class WebClient: Sendable {
    let transport: any WebTransport
    init(transport: any WebTransport) { self.transport = transport }
    func post(_ body: String) { transport.send(body) }
}

struct StorefrontModule: Module {
    func configure(_ binder: Binder) {
        binder.bind(Storefront.self, to: Storefront.init)
    }
}
final class Storefront: Sendable {
    let client: WebClient
    init(client: WebClient) { self.client = client }
}

protocol PageCache: Sendable { var kind: String { get } }
struct CacheSettings: Sendable { let inMemory: Bool }
final class DiskCache: PageCache { let kind = "disk" }
final class MemoryCache: PageCache { let kind = "memory" }

struct InvoiceID: Hashable, Sendable {
    let value: String
    init(_ value: String) { self.value = value }
}
final class InvoiceDetail: Sendable {
    let id: InvoiceID
    let client: WebClient
    init(id: InvoiceID, client: WebClient) {
        self.id = id
        self.client = client
    }
}
final class InvoiceList: Sendable {
    let makeDetail: Factory<InvoiceID, InvoiceDetail>
    init(makeDetail: Factory<InvoiceID, InvoiceDetail>) { self.makeDetail = makeDetail }
}

protocol AccountLedger: Sendable { var role: String { get } }
final class StandbyLedger: AccountLedger { let role = "standby" }
final class Statement: Sendable {
    let ledger: any AccountLedger
    let clock: (any Clock)?
    init(ledger: any AccountLedger, clock: (any Clock)?) {
        self.ledger = ledger
        self.clock = clock
    }
}
protocol ArchiveReader: Sendable { func read() -> String }
final class ArchiveStore: ArchiveReader {
    func read() -> String { "archive" }
}

protocol MetricsSink: Sendable { var id: String { get } }
final class ConsoleMetricsSink: MetricsSink { let id = "console" }
final class RemoteMetricsSink: MetricsSink { let id = "remote" }
final class Metrics: Sendable {
    let sinks: [any MetricsSink]
    init(sinks: [any MetricsSink]) { self.sinks = sinks }
}

protocol BasketService: Sendable {
    var version: String { get }
    func add(_ item: String) throws
}
final class BasketServiceV1: BasketService {
    let client: WebClient
    let version = "v1"
    init(client: WebClient) { self.client = client }
    func add(_ item: String) { client.post("add \(item)") }
}
final class BasketServiceV2: BasketService {
    let client: WebClient
    let clock: any Clock
    let version = "v2"
    init(client: WebClient, clock: any Clock) {
        self.client = client
        self.clock = clock
    }
    func add(_ item: String) { client.post("add \(item) at \(clock.now)") }
}
protocol FavoritesService: Sendable { var version: String { get } }
final class FavoritesServiceV1: FavoritesService { let version = "v1" }

/// What the logging decorator writes to.
final class EventLog: Sendable {
    private let lines = Mutex<[String]>([])
    var entries: [String] { lines.withLock { $0 } }
    func write(_ line: String) { lines.withLock { $0.append(line) } }
}
final class LoggingBasket: BasketService {
    let inner: any BasketService
    let log: EventLog
    init(_ inner: any BasketService, log: EventLog) {
        self.inner = inner
        self.log = log
    }
    var version: String { inner.version }
    func add(_ item: String) throws {
        log.write("add \(item)")
        try inner.add(item)
    }
}
/// A test's spy: remembers what was added.
final class BasketSpy: BasketService {
    let inner: any BasketService
    private let added = Mutex<[String]>([])
    init(_ inner: any BasketService) { self.inner = inner }
    var items: [String] { added.withLock { $0 } }
    var version: String { inner.version }
    func add(_ item: String) throws {
        added.withLock { $0.append(item) }
        try inner.add(item)
    }
}
