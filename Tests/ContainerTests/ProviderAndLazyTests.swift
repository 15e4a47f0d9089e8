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

/// Built from a run-time argument, its name.
final class Puppy: Sendable {
    let name: String
    let serial: Int
    let transport: any Transport
    init(name: String, serial: Int, transport: any Transport) {
        self.name = name
        self.serial = serial
        self.transport = transport
    }
}

enum Pound: BindingName { static let name = "pound" }

/// Holds every wrapper of a puppy factory; bound as a singleton, which holds no puppy captive.
final class Kennel: Sendable {
    let provider: Provider<Factory<String, Puppy>>
    let lazy: Lazy<Factory<String, Puppy>>
    let lazyNamed: Lazy<Named<Pound, Factory<String, Puppy>>>
    let optional: Factory<String, Puppy>?
    init(
        provider: Provider<Factory<String, Puppy>>, lazy: Lazy<Factory<String, Puppy>>,
        lazyNamed: Lazy<Named<Pound, Factory<String, Puppy>>>, optional: Factory<String, Puppy>?
    ) {
        self.provider = provider
        self.lazy = lazy
        self.lazyNamed = lazyNamed
        self.optional = optional
    }
}

final class WrongKennel: Sendable {
    init(
        provider: Provider<Factory<Int, Puppy>>, lazy: Lazy<Puppy>, lazyNamed: Lazy<Named<Pound, Factory<Int, Puppy>>>,
        plain: Provider<Factory<String, Session>>
    ) {}
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
        let failed = try #require(throws: ResolutionError.self) { try owner.pet.value }
        guard case .factoryFailed(let cause) = failed.reason else {
            Issue.record("expected the closure's error as a factory failure, got \(failed)")
            return
        }
        #expect(cause is CancellationError)
        #expect(failed.key == .of(Pet.self))
        let provider = Provider { Session(serial: 9) }
        #expect(try provider().serial == 9)
    }

    @Test("A Provider of an unbound type is reported by validation")
    func providerOfUnbound() throws {
        let found = try problems { binder in binder.bind(Chicken.self, to: Chicken.init) }
        #expect(found.map(\.message) == ["no binding for Egg"])
    }

    // MARK: Wrappers of factories

    private func kennel(_ scope: Scope, counter: Counter) -> @Sendable (Binder) -> Void {
        { binder in
            binder.bind(Transport.self, to: FakeTransport.init)
            binder.bind(Puppy.self, arguments: String.self) { (name: String, transport: any Transport) in
                Puppy(name: name, serial: counter.next(), transport: transport)
            }.scope(scope)
            binder.bind(Puppy.self, arguments: String.self) { (name: String, transport: any Transport) in
                Puppy(name: "pound \(name)", serial: counter.next(), transport: transport)
            }.scope(scope).named(Pound.self)
            binder.bind(Kennel.self, to: Kennel.init).scope(.singleton)
        }
    }

    @Test(
        "Provider<Factory<…>>, Lazy<Factory<…>>, Lazy<Named<N, Factory<…>>> and Factory<…>? are injected and resolved; the factory's scope keeps one instance per argument value",
        arguments: [Scope.transient, .singleton, .weak, .session])
    func wrappersOfFactories(scope: Scope) throws {
        let counter = Counter()
        let injector = try makeInjector(kennel(scope, counter: counter))
        let kennel = try injector.resolve(Kennel.self)
        let first = try kennel.provider()("Rex")
        let second = try kennel.lazy.value("Rex")
        let optional = try #require(kennel.optional)
        #expect(try optional("Rex").name == "Rex")
        let named = try kennel.lazyNamed.value.value("Rex")
        #expect(first.name == "Rex" && named.name == "pound Rex")
        #expect((first === second) == (scope != .transient))
        #expect(try injector.resolve(Provider<Factory<String, Puppy>>.self)()("Rex").name == "Rex")
        #expect(try injector.resolve(Lazy<Factory<String, Puppy>>.self).value("Fido").name == "Fido")
        let resolvedNamed = try injector.resolve(Lazy<Named<Pound, Factory<String, Puppy>>>.self).value.value("Rex")
        #expect((resolvedNamed === named) == (scope != .transient))
        #expect(try injector.resolve((Factory<String, Puppy>?).self)?("Rex").name == "Rex")
        #expect(counter.value == (scope == .transient ? 8 : 3))
    }

    @Test(
        "Wrappers of factories in children and strict children: a child's override reaches them, a strict child refuses a live-only dependency on the call"
    )
    func wrappersOfFactoriesInChildren() throws {
        let counter = Counter()
        let parent = try makeInjector { binder in
            self.kennel(.singleton, counter: counter)(binder)
            binder.bind(Transport.self, to: LiveTransport.init).liveOnly().overriding()
        }
        let faked = try parent.child(strict: true) { binder in binder.bind(Transport.self, to: FakeTransport.init) }
        let kennel = try faked.resolve(Kennel.self)
        #expect(try kennel.lazy.value("Rex").transport.name == "fake")
        #expect(try kennel.lazyNamed.value.value("Rex").transport.name == "fake")
        let strict = try parent.child(strict: true) { _ in }
        let refused = try #require(throws: ResolutionError.self) { try strict.resolve(Kennel.self).provider()("Rex") }
        guard case .liveOnly = refused.reason else {
            Issue.record("expected a live-only refusal, got \(refused)")
            return
        }
        #expect(refused.key == .of(Transport.self))
        #expect(try parent.resolve(Lazy<Factory<String, Puppy>>.self).value("Rex").transport.name == "live")
    }

    @Test(
        "A wrapper of a factory with other arguments, or of a binding with arguments, is a validation error naming the type the code asked for"
    )
    func wrappersOfFactoriesValidated() throws {
        let found = try problems { binder in
            self.kennel(.transient, counter: Counter())(binder)
            binder.bind(Session.self) { Session(serial: 0) }
            binder.bind(WrongKennel.self, to: WrongKennel.init)
        }
        #expect(
            found.map(\.message) == [
                "WrongKennel injects Provider<Factory<Int, Puppy>>, but Puppy takes run-time arguments (String)",
                "WrongKennel needs Lazy<Puppy>, but Puppy takes run-time arguments (String)",
                #"WrongKennel injects Lazy<Factory<Int, Puppy named "pound">>, but Puppy named "pound" takes run-time arguments (String)"#,
                "WrongKennel injects Provider<Factory<String, Session>>, but Session takes no run-time arguments",
            ])
        #expect(
            found.map(\.fix) == [
                "inject Factory<String, Puppy>, or bind Puppy with arguments (Int)",
                "inject Factory<String, Puppy> and call it with the arguments",
                #"inject Factory<String, Puppy>, or bind Puppy named "pound" with arguments (Int)"#,
                "inject Session or Provider<Session>, or bind Session with arguments:",
            ])
        let injector = try makeInjector(kennel(.transient, counter: Counter()))
        let error = try #require(throws: ResolutionError.self) {
            try injector.resolve(Provider<Factory<Int, Puppy>>.self)
        }
        #expect(
            error.description.hasPrefix("error: Puppy takes run-time arguments (String), but was asked for with (Int)"))
    }

    @Test("A singleton holding a Lazy factory of a session-scoped binding is no captive: each call asks the factory")
    func lazyFactoryIsNoCaptive() throws {
        let counter = Counter()
        let injector = try makeInjector(kennel(.session, counter: counter))
        let kennel = try injector.resolve(Kennel.self)
        let before = try kennel.lazy.value("Rex")
        injector.reset(.session)
        #expect(try kennel.lazy.value("Rex") !== before)
    }

    @Test("The graph shows a wrapper of a factory with its arguments")
    func wrappersOfFactoriesInGraph() throws {
        let injector = try makeInjector(kennel(.singleton, counter: Counter()))
        let edges = injector.graph.edges.filter { $0.from == .of(Kennel.self) }
        #expect(edges.map(\.kind) == [.provider, .lazy, .lazy, .optional])
        #expect(edges.map(\.arguments) == [["String"], ["String"], ["String"], ["String"]])
        let text = injector.graph.rendered(as: .text)
        #expect(text.contains("  -> Puppy (provider of factory(String))"))
        #expect(text.contains(#"  -> Puppy named "pound" (lazy of factory(String))"#))
        #expect(
            injector.explain(Kennel.self).description.contains(
                "needs: provider of factory Puppy with (String), lazy of factory Puppy with (String)"))
        let kennel = try #require(injector.graph.snapshot.services.first { $0.id == "Kennel" })
        #expect(
            kennel.dependencies == [
                "provider factory(String) Puppy", "lazy factory(String) Puppy",
                #"lazy factory(String) Puppy named "pound""#, "optional factory(String) Puppy",
            ])
    }
}
