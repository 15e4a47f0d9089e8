import Container
import Testing

final class Chicken: Sendable {
    let egg: Provider<Egg>
    init(egg: Provider<Egg>) { self.egg = egg }
}

final class Egg: Sendable {
    let chicken: Chicken
    init(chicken: Chicken) { self.chicken = chicken }
}

final class Owner: Sendable {
    let pet: Lazy<Pet>
    init(pet: Lazy<Pet>) { self.pet = pet }
}

final class Pet: Sendable {
    let owner: Owner
    init(owner: Owner) { self.owner = owner }
}

final class SelfStarter: Sendable {
    init(again: Provider<SelfStarter>) throws { _ = try again.get() }
}

@Suite("Provider and Lazy")
struct ProviderAndLazyTests {
    @Test("A Provider builds a new transient instance on every call")
    func providerBuildsOnDemand() throws {
        let counter = Counter()
        let injector = try makeInjector { binder in
            binder.bind(Session.self) { Session(serial: counter.next()) }
        }
        let provider = try injector.resolve(Provider<Session>.self)
        #expect(counter.value == 0)
        #expect(try provider().serial == 1)
        #expect(try provider.get().serial == 2)
    }

    @Test("A Lazy builds once, on first read, and keeps it")
    func lazyBuildsOnce() throws {
        let counter = Counter()
        let injector = try makeInjector { binder in
            binder.bind(Session.self) { Session(serial: counter.next()) }
        }
        let lazy = try injector.resolve(Lazy<Session>.self)
        #expect(counter.value == 0)
        let first = try lazy.value
        #expect(try lazy.value === first)
        #expect(counter.value == 1)
    }

    @Test("A cycle through a Provider is legal and resolves")
    func cycleThroughProvider() throws {
        let injector = try makeInjector { binder in
            binder.bind(Chicken.self, to: Chicken.init).scope(.singleton)
            binder.bind(Egg.self, to: Egg.init)
        }
        let chicken = try injector.resolve(Chicken.self)
        #expect(try chicken.egg().chicken === chicken)
    }

    @Test("A cycle through a Lazy is legal and resolves")
    func cycleThroughLazy() throws {
        let injector = try makeInjector { binder in
            binder.bind(Owner.self, to: Owner.init).scope(.singleton)
            binder.bind(Pet.self, to: Pet.init)
        }
        let owner = try injector.resolve(Owner.self)
        #expect(try owner.pet.value.owner === owner)
        let edges = injector.graph.edges.map { "\($0.from) -> \($0.to) (\($0.kind.rawValue))" }
        #expect(edges == ["Owner -> Pet (lazy)", "Pet -> Owner (direct)"])
    }

    @Test("Calling a Provider that leads back to the caller's own construction throws a cycle error")
    func runtimeCycleThrows() throws {
        let injector = try makeInjector { binder in binder.bind(SelfStarter.self, to: SelfStarter.init) }
        let error = #expect(throws: ResolutionError.self) { try injector.resolve(SelfStarter.self) }
        guard case .cycle(let keys) = error?.reason else {
            Issue.record("expected a cycle, got \(String(describing: error))")
            return
        }
        #expect(keys == [.of(SelfStarter.self), .of(SelfStarter.self)])
    }

    @Test("A Provider whose injector is gone says so")
    func providerOutlivesInjector() throws {
        var injector: Injector? = try makeInjector { binder in binder.bind(Clock.self, to: SystemClock.init) }
        let provider = try #require(try injector?.resolve(Provider<any Clock>.self))
        #expect(try provider().now == 1_000)
        injector = nil
        let error = #expect(throws: ResolutionError.self) { try provider() }
        guard case .injectorReleased = error?.reason else {
            Issue.record("expected injectorReleased")
            return
        }
    }

    @Test("Providers and lazy values can be made by hand for tests")
    func handMade() throws {
        let owner = Owner(pet: Lazy(Provider { throw CancellationError() }))
        #expect(throws: ResolutionError.self) { try owner.pet.value }
        let provider = Provider { Session(serial: 9) }
        #expect(try provider().serial == 9)
    }

    @Test("A Provider of an unbound type is reported by validation")
    func providerOfUnbound() throws {
        let found = try problems { binder in binder.bind(Chicken.self, to: Chicken.init) }
        #expect(found.map(\.message) == ["no binding for Egg"])
    }
}
