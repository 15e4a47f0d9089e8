@testable import Container
import Testing

@Suite("Scopes")
struct ScopeTests {
    @Test("A transient binding builds a new instance for every request")
    func transient() throws {
        let injector = try makeInjector { binder in binder.bind(Transport.self, to: FakeTransport.init) }
        #expect(try injector.resolve(Transport.self) as AnyObject !== injector.resolve(Transport.self) as AnyObject)
    }

    @Test("A singleton is built once, on first request")
    func singleton() throws {
        let counter = Counter()
        let injector = try makeInjector { binder in
            binder.bind(Session.self) { Session(serial: counter.next()) }.scope(.singleton)
        }
        #expect(counter.value == 0)
        let first = try injector.resolve(Session.self)
        let second = try injector.resolve(Session.self)
        #expect(first === second)
        #expect(counter.value == 1)
    }

    @Test("A singleton's instance, a struct or a class, is kept by its injector and released with it")
    func singletonReleasedWithInjector() throws {
        weak var released: Session?
        do {
            let injector = try makeInjector { binder in
                binder.bind(Session.self) { Session(serial: 7) }.scope(.singleton)
                binder.bind(String.self) { (session: Session) in "serial \(session.serial)" }.scope(.singleton)
            }
            let session = try injector.resolve(Session.self)
            released = session
            #expect(try injector.resolve(String.self) == "serial 7")
            #expect(try injector.resolve(String.self) == "serial 7")
            #expect(try injector.resolve(Session.self) === session)
        }
        #expect(released == nil)
    }

    @Test("An eager singleton is built while the injector is built")
    func eagerSingleton() throws {
        let counter = Counter()
        let injector = try makeInjector { binder in
            binder.bind(Session.self) { Session(serial: counter.next()) }.scope(.eagerSingleton)
        }
        #expect(counter.value == 1)
        #expect(try injector.resolve(Session.self).serial == 1)
        #expect(counter.value == 1)
    }

    @Test("An eager singleton that fails makes building the injector fail")
    func eagerSingletonFailure() throws {
        struct Broken: Error {}
        #expect(throws: ResolutionError.self) {
            _ = try makeInjector { binder in
                binder.bind(Session.self) { () throws -> Session in throw Broken() }.scope(.eagerSingleton)
            }
        }
    }

    @Test("A weak binding is shared while held and rebuilt once released")
    func weak() throws {
        let counter = Counter()
        let injector = try makeInjector { binder in
            binder.bind(Session.self) { Session(serial: counter.next()) }.scope(.weak)
        }
        var held: Session? = try injector.resolve(Session.self)
        #expect(try injector.resolve(Session.self) === held)
        #expect(counter.value == 1)
        held = nil
        #expect(try injector.resolve(Session.self).serial == 2)
        _ = held
    }

    @Test("A weak binding of a value type is an error, not a silent transient")
    func weakValueType() throws {
        let injector = try makeInjector { binder in binder.bind(Int.self, toInstance: 1).scope(.weak) }
        // An instance binding ignores its scope: it is always the same value.
        #expect(try injector.resolve(Int.self) == 1)
        let computed = try makeInjector { binder in binder.bind(Int.self) { 1 }.scope(.weak) }
        let error = #expect(throws: ResolutionError.self) { try computed.resolve(Int.self) }
        guard case .weakScopeNeedsClass(let name) = error?.reason else {
            Issue.record("expected weakScopeNeedsClass")
            return
        }
        #expect(name == "Int")
    }

    @Test("A resettable scope keeps its instance until reset")
    func resettable() throws {
        let counter = Counter()
        let injector = try makeInjector { binder in
            binder.bind(Session.self) { Session(serial: counter.next()) }.scope(.session)
        }
        let first = try injector.resolve(Session.self)
        #expect(try injector.resolve(Session.self) === first)
        injector.reset(.session)
        let second = try injector.resolve(Session.self)
        #expect(second !== first)
        #expect(second.serial == 2)
        #expect(try injector.resolve(Session.self) === second)
    }

    @Test(
        "After a reset, a session instance built with run-time arguments is released, and its cells do not pile up per argument value"
    )
    func resetReleasesArgumentInstances() throws {
        let injector = try makeInjector { binder in
            binder.bind(Session.self, arguments: Int.self) { (serial: Int) in Session(serial: serial) }.scope(.session)
        }
        // The cells of the binding: one per argument value asked for since the last reset.
        func cells() throws -> Int {
            let families = injector.table.resettable["session"] ?? []
            return try #require(families.first as? CellFamily<Cell<Session>>).count
        }
        weak var released: Session?
        do {
            let session = try injector.resolve(Session.self, arguments: 1)
            released = session
            #expect(try injector.resolve(Session.self, arguments: 1) === session)
        }
        #expect(released != nil, "the scope keeps its instance until reset")
        injector.reset(.session)
        #expect(released == nil, "the reset scope still holds the instance built with an argument")
        for round in 1...3 {
            for serial in 0..<50 { _ = try injector.resolve(Session.self, arguments: round * 100 + serial) }
            let asked = try cells()
            #expect(asked == 50, "round \(round): one cell per argument value asked for since the reset")
            injector.reset(.session)
            let left = try cells()
            #expect(left == 0, "round \(round): cells left behind by the reset")
        }
    }

    @Test(
        "An instance built after a reset has begun is not emptied by that reset's late sweep, with or without run-time arguments"
    )
    func resetSweepsOnlyEndedGenerations() throws {
        let injector = try makeInjector { binder in
            binder.bind(Session.self) { Session(serial: 0) }.scope(.session)
            binder.bind(StampedSession.self, arguments: Int.self) { (stamp: Int) in
                StampedSession(resetsStartedAtBuild: stamp)
            }.scope(.session)
        }
        let before = (try injector.resolve(Session.self), try injector.resolve(StampedSession.self, arguments: 1))
        // A reset in two halves, as another thread's reset may interleave with this one's
        // requests: the new generation first, then the sweep of every level's cells.
        injector.family.generation(of: "session").value.add(1, ordering: .releasing)
        let plain = try injector.resolve(Session.self)
        let argument = try injector.resolve(StampedSession.self, arguments: 1)
        #expect(plain !== before.0 && argument !== before.1, "the new generation was served the ended one's instances")
        injector.table.clear("session")
        #expect(try injector.resolve(Session.self) === plain, "the sweep emptied the new generation's instance")
        #expect(
            try injector.resolve(StampedSession.self, arguments: 1) === argument,
            "the sweep emptied the new generation's instance built with an argument")
        injector.reset(.session)
        #expect(try injector.resolve(Session.self) !== plain)
        #expect(try injector.resolve(StampedSession.self, arguments: 1) !== argument)
    }

    @Test("Resetting one resettable scope leaves the others alone")
    func resetIsPerScope() throws {
        let request = Scope.resettable("request")
        let injector = try makeInjector { binder in
            binder.bind(Session.self) { Session(serial: 1) }.scope(.session)
            binder.bind(Session.self) { Session(serial: 2) }.named("request").scope(request)
        }
        let session = try injector.resolve(Session.self)
        let perRequest = try injector.resolve(Session.self, named: "request")
        injector.reset(request)
        #expect(try injector.resolve(Session.self) === session)
        #expect(try injector.resolve(Session.self, named: "request") !== perRequest)
    }

    @Test("Resetting a scope reaches child injectors that share its instances")
    func resetReachesChildren() throws {
        let counter = Counter()
        let parent = try makeInjector { binder in
            binder.bind(Session.self) { Session(serial: counter.next()) }.scope(.session)
        }
        let child = try parent.child { binder in binder.bind(Clock.self, toInstance: FixedClock(now: 1)) }
        let before = try child.resolve(Session.self)
        #expect(try parent.resolve(Session.self) === before)
        parent.reset(.session)
        #expect(try child.resolve(Session.self) !== before)
    }

    @Test(
        "A reset through the parent releases the session instances a child built over its override, with run-time arguments or without"
    )
    func parentResetReleasesChildInstances() throws {
        let parent = try makeInjector { binder in
            binder.bind(Clock.self, to: SystemClock.init)
            binder.bind(Session.self) { (clock: any Clock) in Session(serial: clock.now) }.scope(.session)
            binder.bind(APIClient.self, arguments: Int.self) { (_: Int, clock: any Clock) in
                APIClient(transport: clock.now == 1 ? FakeTransport() : LiveTransport())
            }.scope(.session)
        }
        // The child overrides what both depend on, so it keeps instances of its own.
        let child = try parent.child { binder in binder.bind(Clock.self, toInstance: FixedClock(now: 1)) }
        let sibling = try parent.child { binder in binder.bind(Clock.self, toInstance: FixedClock(now: 2)) }
        weak var session: Session?
        weak var client: APIClient?
        do {
            let built = try child.resolve(Session.self)
            session = built
            #expect(built.serial == 1)
            let made = try child.resolve(APIClient.self, arguments: 7)
            client = made
            #expect(made.transport.name == "fake")
        }
        parent.reset(.session)
        #expect(session == nil, "the child kept the session instance after the parent's reset")
        #expect(client == nil, "the child kept the instance built with an argument after the parent's reset")
        // A sibling's reset reaches it too, as the scope's generation always did.
        do {
            let built = try child.resolve(Session.self)
            session = built
        }
        sibling.reset(.session)
        #expect(session == nil, "the child kept the session instance after its sibling's reset")
        #expect(try child.resolve(Session.self).serial == 1)
    }

    @Test("Scopes describe themselves for graphs and diagnostics")
    func descriptions() {
        #expect(Scope.transient.description == "transient")
        #expect(Scope.singleton.description == "singleton")
        #expect(Scope.eagerSingleton.description == "eager singleton")
        #expect(Scope.weak.description == "weak")
        #expect(Scope.session.description == "session")
        #expect(Scope.resettable("request") == .resettable("request"))
    }
}
