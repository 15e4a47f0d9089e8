import Container
import Synchronization
import Testing

final class Catalogue: Sendable {
    init(counter: Counter) {
        counter.next()
        // Widen the window in which other tasks race for the same singleton.
        var spin = 0
        for index in 0..<20_000 { spin &+= index }
        precondition(spin > 0)
    }
}

final class Basket: Sendable {
    let catalogue: Catalogue
    let session: Session
    init(catalogue: Catalogue, session: Session) { self.catalogue = catalogue; self.session = session }
}

@Suite("Concurrency")
struct ConcurrencyTests {
    @Test("8 tasks x 10,000 resolves: singletons are built exactly once and every resolve succeeds")
    func stress() async throws {
        for _ in 0..<5 {
            let counter = Counter()
            let sessions = Counter()
            let injector = try makeInjector { binder in
                binder.bind(Counter.self, toInstance: counter)
                binder.bind(Catalogue.self, to: Catalogue.init).scope(.singleton)
                binder.bind(Session.self) { Session(serial: sessions.next()) }.scope(.weak)
                binder.bind(Basket.self, to: Basket.init)
                binder.bind(Transport.self, to: FakeTransport.init)
                binder.bind(APIClient.self, to: APIClient.init).scope(.singleton)
            }
            let catalogues = try await withThrowingTaskGroup(of: Set<ObjectIdentifier>.self) { group in
                for _ in 0..<8 {
                    group.addTask {
                        var seen: Set<ObjectIdentifier> = []
                        for _ in 0..<10_000 {
                            let basket = try injector.resolve(Basket.self)
                            seen.insert(ObjectIdentifier(basket.catalogue))
                            _ = try injector.resolve(APIClient.self)
                        }
                        return seen
                    }
                }
                return try await group.reduce(into: Set<ObjectIdentifier>()) { $0.formUnion($1) }
            }
            #expect(counter.value == 1)
            #expect(catalogues.count == 1)
            #expect(sessions.value >= 1)
        }
    }

    @Test("Resetting a scope while other tasks resolve from it is safe")
    func resetUnderLoad() async throws {
        let serials = Counter()
        let injector = try makeInjector { binder in
            binder.bind(Session.self) { Session(serial: serials.next()) }.scope(.session)
        }
        let seen = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    var highest = 0
                    for _ in 0..<5_000 { highest = max(highest, try injector.resolve(Session.self).serial) }
                    return highest
                }
            }
            group.addTask {
                for _ in 0..<200 { injector.reset(.session); await Task.yield() }
                return 0
            }
            return try await group.reduce(0) { max($0, $1) }
        }
        #expect(seen >= 1)
        #expect(seen <= serials.value)
    }

    @Test("An injector can be shared across tasks and actors because it is Sendable")
    func sendable() async throws {
        actor Holder {
            let injector: Injector
            init(injector: Injector) { self.injector = injector }
            func clock() throws -> Int { try injector.resolve(Clock.self).now }
        }
        let injector = try makeInjector { binder in binder.bind(Clock.self, to: SystemClock.init).scope(.singleton) }
        #expect(try await Holder(injector: injector).clock() == 1_000)
    }
}
