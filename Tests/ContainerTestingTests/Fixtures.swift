import Container
import Synchronization
import Testing

// A small app, enough for each test to give its own fakes.

protocol Transport: AnyObject, Sendable { var name: String { get } }
protocol Clock: Sendable { var hour: Int { get } }

final class LiveTransport: Transport { let name = "live" }
final class SystemClock: Clock { let hour = 12 }
final class FixedClock: Clock {
    let hour: Int
    init(hour: Int) { self.hour = hour }
}

/// A fake with an identity of its own and a log, so a test can tell its fake from another's.
final class RecordingTransport: Transport {
    private static let serials = Mutex(0)
    let name = "recording"
    let serial: Int
    private let log = Mutex<[Int]>([])

    init() {
        serial = Self.serials.withLock {
            $0 += 1
            return $0
        }
    }
    func record(_ number: Int) { log.withLock { $0.append(number) } }
    var recorded: [Int] { log.withLock { $0 } }
}

final class APIClient: Sendable {
    let transport: any Transport
    init(transport: any Transport) { self.transport = transport }
}

/// Code that cannot take constructor injection reads its dependencies with `@Inject`.
struct Screen {
    @Inject var api: APIClient
    /// The line of `clock`'s declaration, which errors about it name.
    static let clockLine = #line + 1
    @Inject var clock: any Clock
}

struct AppModule: Module {
    /// The line of the live-only clock's binding.
    static let clockLine = declarationLine(of: Clock.self, in: AppModule())

    func configure(_ binder: Binder) {
        binder.bind(Transport.self, to: LiveTransport.init).scope(.singleton).liveOnly()
        binder.bind(APIClient.self, to: APIClient.init).scope(.singleton)
        binder.bind(Clock.self, to: SystemClock.init).liveOnly()
    }
}

/// The app's composition root, built once for every test of this target.
enum TestApp {
    static let injector = try! Injector(modules: [AppModule()])
}

/// Fakes handed out so far, by serial: a test claims its fake, and a fake seen by two tests
/// fails the second claim.
enum Fakes {
    private static let claimed = Mutex<Set<Int>>([])

    static func claim(_ fake: RecordingTransport) -> Bool {
        claimed.withLock { $0.insert(fake.serial).inserted }
    }
}

/// The recording fake of the current injector.
func currentFake() throws -> RecordingTransport {
    let injector = try #require(Injector.current)
    return try #require(try injector.resolve(Transport.self) as? RecordingTransport)
}

/// Whether a closure ran, from any task.
final class Flag: Sendable {
    private let value = Mutex(false)
    func set() { value.withLock { $0 = true } }
    var isSet: Bool { value.withLock { $0 } }
}

/// A value that tasks running at once read and change.
final class Locked<Value: Sendable>: Sendable {
    private let value: Mutex<Value>
    init(_ value: Value) { self.value = Mutex(value) }
    func withLock<Result: Sendable>(_ body: (inout Value) -> Result) -> Result { value.withLock { body(&$0) } }
    var current: Value { value.withLock { $0 } }
}

/// The line where `module` declares the binding of `type` that serves `version` (or the latest),
/// as the graph reports it: what an error about that binding names, read from the API rather
/// than counted from a `#line + N` anchor that a line added in between would break. `0`, which
/// no diagnostic names, when the module serves no such binding.
func declarationLine<T>(of type: T.Type, version: String? = nil, in module: any Module) -> Int {
    let versions = version.map { VersionSelection(default: $0) } ?? .latest
    let graph = Injector.graph(modules: [module], versions: versions)
    return graph.nodes.first { $0.key == .of(type) }?.site.line ?? 0
}
