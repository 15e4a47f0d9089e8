import Container
import Synchronization
import Testing

/// Ends the session from inside the graph, as a logout does.
final class Logout: Sendable {
    let scopes: ScopeResetter
    init(scopes: ScopeResetter) { self.scopes = scopes }
    func callAsFunction() { scopes.reset(.session) }
}

/// A session-scoped service that keeps a resetter itself: it must not keep its injector alive.
final class SessionTimer: Sendable {
    let session: Session
    let scopes: ScopeResetter
    init(session: Session, scopes: ScopeResetter) {
        self.session = session
        self.scopes = scopes
    }
    func expire() { scopes.reset(.session) }
}

@Suite("Resetting a scope from a service")
struct ScopeResetterTests {
    private static func sessionGraph(_ counter: Counter, logout: Scope = .transient) -> TestModule {
        TestModule { binder in
            binder.bind(Session.self) { Session(serial: counter.next()) }.scope(.session)
            binder.bind(Logout.self, to: Logout.init).scope(logout)
        }
    }

    @Test(
        "A service of any scope resets the session through its ScopeResetter; the next request builds anew",
        arguments: [Scope.transient, .singleton, .weak, .session, .resettable("screen")])
    func resetsFromEveryScope(_ logoutScope: Scope) throws {
        let counter = Counter()
        let injector = try Injector(modules: [Self.sessionGraph(counter, logout: logoutScope)])
        let logout = try injector.resolve(Logout.self)
        let first = try injector.resolve(Session.self)
        #expect(try injector.resolve(Session.self) === first)
        logout()
        let second = try injector.resolve(Session.self)
        #expect(second !== first)
        #expect(second.serial == 2)
        #expect(try injector.resolve(Session.self) === second)
    }

    @Test("Nothing binds ScopeResetter and it is no edge; resolve gives one too")
    func noEdge() throws {
        let injector = try Injector(modules: [Self.sessionGraph(Counter())])
        #expect(injector.graph.edges.filter { $0.from == .of(Logout.self) }.isEmpty)
        #expect(injector.graph.nodes.map(\.key).contains(.of(ScopeResetter.self)) == false)
        let resetter = try injector.resolve(ScopeResetter.self)
        let session = try injector.resolve(Session.self)
        resetter.reset(.session)
        #expect(try injector.resolve(Session.self) !== session)
    }

    @Test("A service in a child resets the family: the parent's and the child's session instances alike")
    func resetFromChild() throws {
        let counter = Counter()
        let parent = try Injector(modules: [Self.sessionGraph(counter)])
        let parentSession = try parent.resolve(Session.self)
        let child = try parent.child { binder in
            binder.bind(Clock.self, toInstance: FixedClock(now: 1))
            binder.bind(SessionTimer.self, to: SessionTimer.init).scope(.session)
        }
        let timer = try child.resolve(SessionTimer.self)
        #expect(timer.session === parentSession)
        timer.expire()
        #expect(try parent.resolve(Session.self) !== parentSession)
        #expect(try child.resolve(SessionTimer.self) !== timer)
        #expect(try child.resolve(SessionTimer.self).session === (try parent.resolve(Session.self)))
    }

    @Test("A strict child gives a ScopeResetter to its own bindings too")
    func strictChild() throws {
        let counter = Counter()
        let parent = try Injector(modules: [Self.sessionGraph(counter)])
        let child = try parent.child(strict: true) { binder in
            binder.bind(Logout.self, to: Logout.init).scope(.singleton)
        }
        let before = try child.resolve(Session.self)
        try child.resolve(Logout.self)()
        #expect(try child.resolve(Session.self) !== before)
        #expect(try parent.resolve(Session.self) === (try child.resolve(Session.self)))
    }

    @Test("A session-scoped service that keeps its ScopeResetter does not keep its injector, or itself, alive")
    func noRetainCycle() throws {
        weak var releasedTimer: SessionTimer?
        weak var releasedSession: Session?
        let resetter: ScopeResetter
        do {
            let injector = try Injector(modules: [
                Self.sessionGraph(Counter()),
                TestModule { binder in
                    binder.bind(SessionTimer.self, to: SessionTimer.init).scope(.session)
                },
            ])
            let timer = try injector.resolve(SessionTimer.self)
            releasedTimer = timer
            releasedSession = timer.session
            resetter = timer.scopes
        }
        #expect(releasedTimer == nil)
        #expect(releasedSession == nil)
        resetter.reset(.session)  // the injector is gone: nothing to empty, and no trap
    }

    @Test("A reset through the handle releases what the scope held at once")
    func releasesOnReset() throws {
        let injector = try Injector(modules: [Self.sessionGraph(Counter())])
        weak var released: Session?
        do { released = try injector.resolve(Session.self) }
        #expect(released != nil)
        try injector.resolve(Logout.self)()
        #expect(released == nil)
    }

    @Test("An opaque factory gets a ScopeResetter from its resolver without declaring it")
    func opaqueFactory() throws {
        let counter = Counter()
        let injector = try Injector(modules: [
            TestModule { binder in
                binder.bind(Session.self) { Session(serial: counter.next()) }.scope(.session)
                binder.bind(Logout.self, needs: [ServiceKey.of(ScopeResetter.self)]) { resolver in
                    Logout(scopes: try resolver.resolve(ScopeResetter.self))
                }
            }
        ])
        #expect(injector.graph.edges.filter { $0.from == .of(Logout.self) }.isEmpty)
        let first = try injector.resolve(Session.self)
        try injector.resolve(Logout.self)()
        #expect(try injector.resolve(Session.self) !== first)
    }

    @Test("An asynchronous factory takes a ScopeResetter like any parameter")
    func asynchronousFactory() async throws {
        let counter = Counter()
        let injector = try Injector(modules: [
            Self.sessionGraph(counter),
            TestModule { binder in
                binder.bind(SessionTimer.self) { (session: Session, scopes: ScopeResetter) async in
                    await Task.yield()
                    return SessionTimer(session: session, scopes: scopes)
                }
            },
        ])
        let timer = try await injector.resolveAsync(SessionTimer.self)
        timer.expire()
        #expect(try injector.resolve(Session.self) !== timer.session)
    }

    @Test("A wrapped ScopeResetter is a missing binding whose fix says to take it as it is")
    func wrappedIsAProblem() throws {
        let found = try problems { binder in
            binder.bind(Logout.self) { (scopes: Provider<ScopeResetter>) in Logout(scopes: try scopes()) }
        }
        #expect(found.map(\.kind) == [.missingBinding])
        #expect(
            found.first?.fix
                == "take ScopeResetter itself as a parameter: every injector gives it, and it is never wrapped")
    }

    @Test("A hand-made ScopeResetter, for a unit test of the service, records what it is asked to reset")
    func handMade() {
        let asked = Mutex<[Scope]>([])
        let logout = Logout(scopes: ScopeResetter { scope in asked.withLock { $0.append(scope) } })
        logout()
        #expect(asked.withLock { $0 } == [.session])
    }
}
