import Container
import Testing

/// The fixed-arity `bind(_:to:)` overloads read each parameter's producer by position; when a
/// dependency is asynchronous they read it from the values already awaited. These tests put
/// the asynchronous dependency at each position, beside wrapped parameters of other types.
@Suite("Fixed-arity factories over asynchronous dependencies")
struct FixedArityAsyncPathTests {
    enum Primary: BindingName { static let name = "primary" }

    final class Three: Sendable {
        let clocks: Provider<any Clock>
        let transport: (any Transport)?
        let store: Warehouse
        init(clocks: Provider<any Clock>, transport: (any Transport)?, store: Warehouse) {
            self.clocks = clocks
            self.transport = transport
            self.store = store
        }
    }

    final class First: Sendable {
        let store: Warehouse
        let primary: Warehouse
        let clock: Lazy<any Clock>
        init(store: Warehouse, primary: Named<Primary, Warehouse>, clock: Lazy<any Clock>) {
            self.store = store
            self.primary = primary.value
            self.clock = clock
        }
    }

    final class Middle: Sendable {
        let make: Factory<Int, Session>
        let store: Warehouse
        init(make: Factory<Int, Session>, store: Warehouse) {
            self.make = make
            self.store = store
        }
    }

    @Test(
        "The asynchronous dependency last, after a Provider and an optional: each parameter gets its own value, decorated once, as a singleton"
    )
    func asyncLast() async throws {
        let counter = Counter()
        let decorations = Counter()
        let injector = try makeInjector { binder in
            binder.bind(Warehouse.self) { () async in await Warehouse.open(serial: counter.next()) }.scope(.singleton)
            binder.bind(Clock.self) { FixedClock(now: 42) }
            binder.bind(Transport.self, to: FakeTransport.init)
            binder.bind(Three.self, to: Three.init).scope(.singleton)
            binder.decorate(Three.self) { (three: Three) in
                decorations.next()
                return three
            }
        }
        let three = try await injector.resolveAsync(Three.self)
        #expect(try three.clocks().now == 42)
        #expect(three.transport?.name == "fake")
        #expect(three.store.serial == 1)
        #expect(try await injector.resolveAsync(Three.self) === three)
        #expect(decorations.value == 1)
        #expect(injector.graph.nodes.first { $0.key == .of(Three.self) }?.isAsynchronous == true)
    }

    @Test("The asynchronous dependency first and a named one second: neither takes the other's place")
    func asyncFirst() async throws {
        let injector = try makeInjector { binder in
            binder.bind(Warehouse.self) { () async in await Warehouse.open(serial: 1) }
            binder.bind(Warehouse.self) { () async in await Warehouse.open(serial: 2) }.named(Primary.self)
            binder.bind(Clock.self) { FixedClock(now: 7) }
            binder.bind(First.self, to: First.init)
        }
        let first = try await injector.resolveAsync(First.self)
        #expect(first.store.serial == 1)
        #expect(first.primary.serial == 2)
        #expect(try first.clock.value.now == 7)
    }

    @Test(
        "A Factory parameter beside an asynchronous one works after the await; a child that makes the store asynchronous uses its own"
    )
    func factoryBesideAsync() async throws {
        let parent = try makeInjector { binder in
            binder.bind(Warehouse.self) { Warehouse(serial: 1) }
            binder.bind(Session.self, arguments: Int.self) { (serial: Int) in Session(serial: serial) }
            binder.bind(Middle.self, to: Middle.init)
        }
        #expect(try await parent.resolveAsync(Middle.self).store.serial == 1)
        let child = try await parent.startChild { binder in
            binder.bind(Warehouse.self) { () async in await Warehouse.open(serial: 2) }
        }
        let middle = try await child.resolveAsync(Middle.self)
        #expect(middle.store.serial == 2)
        #expect(try middle.make(9).serial == 9)
        #expect(throws: ResolutionError.self) { try child.resolve(Middle.self) }
    }

    @Test("A strict child refuses a live-only asynchronous dependency at any position, naming its reason")
    func strictChild() async throws {
        let parent = try makeInjector { binder in
            binder.bind(Warehouse.self) { () async in await Warehouse.open(serial: 1) }.liveOnly()
            binder.bind(Clock.self) { FixedClock(now: 7) }
            binder.bind(Transport.self, to: FakeTransport.init)
            binder.bind(Three.self, to: Three.init)
        }
        let child = try await parent.startChild(strict: true) { _ in }
        let error = await #expect(throws: ResolutionError.self) { try await child.resolveAsync(Three.self) }
        guard case .liveOnly = error?.reason else {
            Issue.record("wrong reason: \(String(describing: error))")
            return
        }
    }
}
