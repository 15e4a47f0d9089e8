import Container
import Foundation
import Synchronization
import Testing

/// The README's quick start is `Examples/QuickStart/main.swift`, and its output block is what
/// the built example prints, so the README stays true.
@Suite("README")
struct ReadmeTests {
    private func readme() throws -> String {
        try repositoryText("README.md")
    }

    /// The body of the first fenced block that starts right after `marker`.
    private func block(after marker: String, in text: String) throws -> String {
        let start = try #require(text.range(of: marker), "README has no \(marker)")
        let rest = text[start.upperBound...]
        let end = try #require(rest.range(of: "\n```"), "block after \(marker) is not closed")
        return String(rest[..<end.lowerBound]).trimmingCharacters(in: .newlines)
    }

    @Test("The README's example is the QuickStart program")
    func exampleIsQuickStart() throws {
        let source = try repositoryText("Examples/QuickStart/main.swift")
        let program = source.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().joined(
            separator: "\n")
        let shown = try block(after: "```swift\n", in: readme())
        #expect(shown == program.trimmingCharacters(in: .newlines))
    }

    @Test("The README's output block is what QuickStart prints")
    func outputIsReal() throws {
        let binary = try #require(Self.builtProduct("QuickStart"), "build QuickStart first: swift build")
        let process = Process()
        process.executableURL = binary
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let shown = try block(after: "$ swift run QuickStart\n", in: readme())
        #expect(String(decoding: output, as: UTF8.self).trimmingCharacters(in: .newlines) == shown)
    }

    @Test("The README's opaque-factory example runs as written: the resolver serves what needs: declares")
    func opaqueExample() throws {
        let shown = try block(after: "declares what it may ask for instead:\n\n```swift\n", in: readme())
        #expect(
            shown == """
                binder.bind(Storage.self, needs: Settings.self, Provider<DiskStorage>.self) { resolver in
                    let settings = try resolver.resolve(Settings.self)
                    return settings.inMemory ? MemoryStorage() : try resolver.resolve(Provider<DiskStorage>.self)()
                }
                binder.bind(Report.self, needs: [.of(Database.self, named: "replica")]) { resolver in
                    Report(database: try resolver.resolve(Database.self, named: "replica"))
                }
                """)
        for inMemory in [true, false] {
            let injector = try makeInjector { binder in
                binder.bind(Settings.self, toInstance: Settings(inMemory: inMemory))
                binder.bind(DiskStorage.self, to: DiskStorage.init)
                binder.bind(Database.self, toInstance: ReplicaDatabase()).named("replica")
                binder.bind(Storage.self, needs: Settings.self, Provider<DiskStorage>.self) { resolver in
                    let settings = try resolver.resolve(Settings.self)
                    return settings.inMemory ? MemoryStorage() : try resolver.resolve(Provider<DiskStorage>.self)()
                }
                binder.bind(Report.self, needs: [.of(Database.self, named: "replica")]) { resolver in
                    Report(database: try resolver.resolve(Database.self, named: "replica"))
                }
            }
            #expect(try injector.resolve(Storage.self).kind == (inMemory ? "memory" : "disk"))
            #expect(try injector.resolve(Report.self).database.name == "replica")
        }
    }

    @Test("The README's run-time-argument example runs as written")
    func argumentsExample() throws {
        let shown = try block(
            after: "declares the argument types; consumers inject a typed `Factory` and call it:\n\n```swift\n",
            in: readme())
        #expect(
            shown == """
                binder.bind(OrderDetail.self, arguments: OrderID.self) { (id: OrderID, api: APIClient) in
                    OrderDetail(id: id, api: api)
                }

                final class OrdersScreen: Sendable {
                    let makeDetail: Factory<OrderID, OrderDetail>
                    init(makeDetail: Factory<OrderID, OrderDetail>) { self.makeDetail = makeDetail }
                    func open(_ id: OrderID) throws -> OrderDetail { try makeDetail(id) }
                }

                let detail = try injector.resolve(OrderDetail.self, arguments: OrderID("A-17"))
                """)
        let injector = try makeInjector { binder in
            binder.bind(Transport.self, to: FakeTransport.init)
            binder.bind(APIClient.self, to: APIClient.init)
            binder.bind(OrderDetail.self, arguments: OrderID.self) { (id: OrderID, api: APIClient) in
                OrderDetail(id: id, api: api)
            }
            binder.bind(OrdersScreen.self, to: OrdersScreen.init)
        }
        let detail = try injector.resolve(OrderDetail.self, arguments: OrderID("A-17"))
        #expect(detail.id == OrderID("A-17"))
        #expect(try injector.resolve(OrdersScreen.self).open(OrderID("B-2")).id == OrderID("B-2"))
    }

    @Test("The README's example of .implements on a binding with run-time arguments runs as written")
    func forwardedArgumentsExample() throws {
        let shown = try block(
            after:
                "A binding with arguments can `.implements` other types, and they take the same arguments:\n\n```swift\n",
            in: readme())
        #expect(
            shown == """
                binder.bind(Cat.self, arguments: String.self) { (name: String) in Cat(name: name) }
                    .scope(.singleton)
                    .implements((any Animal).self) { $0 }

                let mimi = try injector.resolve((any Animal).self, arguments: "Mimi")
                let same = try injector.resolve(Cat.self, arguments: "Mimi")   // the same Cat as mimi
                """)
        let injector = try makeInjector { binder in
            binder.bind(Cat.self, arguments: String.self) { (name: String) in Cat(name: name) }
                .scope(.singleton)
                .implements((any Animal).self) { $0 }
        }
        let mimi = try injector.resolve((any Animal).self, arguments: "Mimi")
        let same = try injector.resolve(Cat.self, arguments: "Mimi")
        #expect(mimi as AnyObject === same)
        #expect(try injector.resolve(Factory<String, any Animal>.self)("Mimi") as AnyObject === same)
    }

    @Test("The README's optional, named and implements example runs as written")
    func optionalNamedImplementsExample() throws {
        let shown = try block(
            after: "### Optional and named dependencies, one instance behind several protocols\n\n```swift\n",
            in: readme())
        #expect(
            shown == """
                enum Replica: BindingName { static let name = "replica" }

                binder.bind(Database.self, to: ReplicaDatabase.init).named(Replica.self)
                binder.bind(Report.self) { (database: Named<Replica, Database>, clock: (any Clock)?) in
                    Report(database: database.value, clock: clock)
                }
                binder.bind(FileStore.self, to: FileStore.init)
                    .scope(.singleton)
                    .implements((any Reader).self) { $0 }
                    .implements((any Writer).self) { $0 }
                """)
        let injector = try makeInjector { binder in
            binder.bind(Database.self, to: ReplicaDatabase.init).named(Replica.self)
            binder.bind(Report.self) { (database: Named<Replica, Database>, clock: (any Clock)?) in
                Report(database: database.value, clock: clock)
            }
            binder.bind(FileStore.self, to: FileStore.init)
                .scope(.singleton)
                .implements((any Reader).self) { $0 }
                .implements((any Writer).self) { $0 }
        }
        let report = try injector.resolve(Report.self)
        #expect(report.database.name == "replica")
        #expect(report.clock == nil)
        #expect(
            try injector.resolve((any Reader).self) as AnyObject === injector.resolve((any Writer).self) as AnyObject)
    }

    @Test("The README's multibinding example runs as written: versioned items, ordered by position then id")
    func multibindingExample() throws {
        let shown = try block(after: "collection as an ordinary parameter:\n\n```swift\n", in: readme())
        #expect(
            shown == """
                struct AnalyticsV1Module: Module {
                    func configure(_ binder: Binder) {
                        binder.contribute(AnalyticsSink.self, id: "console") { ConsoleSink() }
                        binder.contribute(AnalyticsSink.self, id: "file", position: -1) { FileSink() }.version("v1")
                    }
                }

                struct AnalyticsV2Module: Module {
                    func configure(_ binder: Binder) {
                        binder.contribute(AnalyticsSink.self, id: "file", position: -1) { BufferedFileSink() }.version("v2")
                        binder.contribute(AnalyticsSink.self, id: "remote", position: 10) { RemoteSink() }.version("v2")
                        binder.bind(Analytics.self) { (sinks: [any AnalyticsSink]) in Analytics(sinks: sinks) }
                    }
                }
                // v1: file, console                v2: buffered file, console, remote
                """)
        func sinks(_ version: String) throws -> [String] {
            try Injector(
                modules: [AnalyticsV1Module(), AnalyticsV2Module()], versions: VersionSelection(default: version)
            )
            .resolve(Analytics.self).sinks.map(\.name)
        }
        #expect(try sinks("v1") == ["file", "console"])
        #expect(try sinks("v2") == ["buffered file", "console", "remote"])
    }

    @Test("The README's decorator example runs as written: a logging decorator, and a spy a child adds")
    func decoratorExample() throws {
        let shown = try block(after: "without touching the service's class:\n\n```swift\n", in: readme())
        #expect(
            shown == """
                binder.decorate(CartService.self) { (inner: any CartService, log: Logger) in
                    LoggingCart(inner, log: log)
                }

                // In a test, a spy around the real service; the parent injector does not change.
                let test = try injector.child { binder in
                    binder.decorate(CartService.self) { (inner: any CartService) in CartSpy(inner) }
                }
                """)
        let log = Logger()
        let injector = try makeInjector { binder in
            binder.bind(Logger.self, toInstance: log)
            binder.bind(CartService.self, to: PlainCart.init)
            binder.decorate(CartService.self) { (inner: any CartService, log: Logger) in
                LoggingCart(inner, log: log)
            }
        }
        let test = try injector.child { binder in
            binder.decorate(CartService.self) { (inner: any CartService) in CartSpy(inner) }
        }
        #expect(try injector.resolve(CartService.self).version == "logged(plain)")
        #expect(try test.resolve(CartService.self).version == "spied(logged(plain))")
        #expect(log.lines == ["version", "version"])
    }

    /// A product built next to this test bundle.
    static func builtProduct(_ name: String) -> URL? {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder.deleteLastPathComponent()
        }
        return nil
    }
}

private struct Settings: Sendable { let inMemory: Bool }
private protocol Storage: Sendable { var kind: String { get } }
private final class DiskStorage: Storage { let kind = "disk" }
private final class MemoryStorage: Storage { let kind = "memory" }
private protocol Database: Sendable { var name: String { get } }
private final class Report: Sendable {
    let database: any Database
    let clock: (any Clock)?
    init(database: any Database, clock: (any Clock)? = nil) {
        self.database = database
        self.clock = clock
    }
}
private final class ReplicaDatabase: Database { let name = "replica" }
private struct OrderID: Hashable, Sendable {
    let value: String
    init(_ value: String) { self.value = value }
}
private final class OrderDetail: Sendable {
    let id: OrderID
    let api: APIClient
    init(id: OrderID, api: APIClient) {
        self.id = id
        self.api = api
    }
}
private final class OrdersScreen: Sendable {
    let makeDetail: Factory<OrderID, OrderDetail>
    init(makeDetail: Factory<OrderID, OrderDetail>) { self.makeDetail = makeDetail }
    func open(_ id: OrderID) throws -> OrderDetail { try makeDetail(id) }
}
private enum Replica: BindingName { static let name = "replica" }
/// `Animal` is FeaturesMeetingTests' protocol.
private final class Cat: Animal {
    let name: String
    init(name: String) { self.name = name }
}
private protocol Reader: Sendable {}
private protocol Writer: Sendable {}
private final class FileStore: Reader, Writer { init() {} }

private protocol AnalyticsSink: Sendable { var name: String { get } }
private final class ConsoleSink: AnalyticsSink { let name = "console" }
private final class FileSink: AnalyticsSink { let name = "file" }
private final class BufferedFileSink: AnalyticsSink { let name = "buffered file" }
private final class RemoteSink: AnalyticsSink { let name = "remote" }
private final class Analytics: Sendable {
    let sinks: [any AnalyticsSink]
    init(sinks: [any AnalyticsSink]) { self.sinks = sinks }
}
private struct AnalyticsV1Module: Module {
    func configure(_ binder: Binder) {
        binder.contribute(AnalyticsSink.self, id: "console") { ConsoleSink() }
        binder.contribute(AnalyticsSink.self, id: "file", position: -1) { FileSink() }.version("v1")
    }
}
private struct AnalyticsV2Module: Module {
    func configure(_ binder: Binder) {
        binder.contribute(AnalyticsSink.self, id: "file", position: -1) { BufferedFileSink() }.version("v2")
        binder.contribute(AnalyticsSink.self, id: "remote", position: 10) { RemoteSink() }.version("v2")
        binder.bind(Analytics.self) { (sinks: [any AnalyticsSink]) in Analytics(sinks: sinks) }
    }
}
private final class Logger: Sendable {
    private let recorded = Mutex<[String]>([])
    func log(_ line: String) { recorded.withLock { $0.append(line) } }
    var lines: [String] { recorded.withLock { $0 } }
}
private final class PlainCart: CartService { let version = "plain" }
private final class LoggingCart: CartService {
    let inner: any CartService
    let log: Logger
    init(_ inner: any CartService, log: Logger) {
        self.inner = inner
        self.log = log
    }
    var version: String {
        log.log("version")
        return "logged(\(inner.version))"
    }
}
private final class CartSpy: CartService {
    let inner: any CartService
    init(_ inner: any CartService) { self.inner = inner }
    var version: String { "spied(\(inner.version))" }
}
