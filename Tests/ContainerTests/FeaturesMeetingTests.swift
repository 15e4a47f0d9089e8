import Container
import Foundation
import Synchronization
import Testing

// Issue 8's reproductions, each named after what the user did.

final class LoginSession: Sendable {
    let serial: Int
    init(serial: Int) { self.serial = serial }
}

final class SessionHolder: Sendable {
    let session: Provider<LoginSession>
    init(session: Provider<LoginSession>) { self.session = session }
}

final class Front: Sendable {
    let back: Lazy<Back>
    init(back: Lazy<Back>) { self.back = back }
}

final class Back: Sendable {
    let front: Front
    init(front: Front) { self.front = front }
}

final class Ghost: Sendable {}

protocol Animal: Sendable {}
struct Dog: Animal {}

final class HTTPClient: Sendable {}

/// Asks for an optional clock later, through a provider and a lazy value.
final class OptionalLater: Sendable {
    let clock: Provider<(any Clock)?>
    let lazyClock: Lazy<(any Clock)?>
    init(clock: Provider<(any Clock)?>, lazyClock: Lazy<(any Clock)?>) {
        self.clock = clock
        self.lazyClock = lazyClock
    }
}

final class RetryingClient: Sendable {
    let http: HTTPClient
    let retries: Int
    init(http: HTTPClient, retries: Int = 3) {
        self.http = http
        self.retries = retries
    }
}

@Suite("Where features meet (issue 8)")
struct FeaturesMeetingTests {
    // MARK: 1. Provider, Lazy and opaque factories of caching scopes

    @Test("A Provider of a session-scoped service injected into a singleton builds once per session")
    func providerOfSessionInSingleton() throws {
        let counter = Counter()
        let injector = try makeInjector { binder in
            binder.bind(LoginSession.self) { LoginSession(serial: counter.next()) }.scope(.session)
            binder.bind(SessionHolder.self, to: SessionHolder.init).scope(.singleton)
        }
        let holder = try injector.resolve(SessionHolder.self)
        let first = try holder.session()
        #expect(try holder.session() === first)
        #expect(counter.value == 1)
        injector.reset(.session)
        let second = try holder.session()
        #expect(second !== first)
        #expect(try holder.session() === second)
        #expect(counter.value == 2)
    }

    @Test("A Lazy that breaks a cycle between two singletons resolves to the same pair")
    func lazyBreaksSingletonCycle() throws {
        let injector = try makeInjector { binder in
            binder.bind(Front.self, to: Front.init).scope(.singleton)
            binder.bind(Back.self, to: Back.init).scope(.singleton)
        }
        let front = try injector.resolve(Front.self)
        let back = try front.back.value
        #expect(back.front === front)
        #expect(try injector.resolve(Back.self) === back)
    }

    @Test(
        "Resolving a Provider or a Lazy of a caching scope and using it twice gives one instance",
        arguments: [Scope.singleton, .weak, .session, .resettable("request")])
    func resolvedProviderAndLazy(_ scope: Scope) throws {
        let counter = Counter()
        let injector = try makeInjector { binder in
            binder.bind(LoginSession.self) { LoginSession(serial: counter.next()) }.scope(scope)
        }
        let provider = try injector.resolve(Provider<LoginSession>.self)
        let first = try provider.get()
        #expect(try provider.get() === first)
        #expect(try injector.resolve(Lazy<LoginSession>.self).value === first)
        #expect(counter.value == 1)
    }

    @Test("An opaque factory bound as a singleton builds once, on first request")
    func opaqueSingleton() throws {
        let counter = Counter()
        let injector = try makeInjector { binder in
            binder.bind(Clock.self, to: SystemClock.init)
            binder.bind(LoginSession.self, needs: Clock.self) { resolver in
                LoginSession(serial: try resolver.resolve(Clock.self).now + counter.next())
            }.scope(.singleton)
        }
        #expect(counter.value == 0, "no user code runs while an injector is built")
        #expect(try injector.resolve(LoginSession.self) === injector.resolve(LoginSession.self))
        #expect(counter.value == 1)
    }

    @Test("An injector with an opaque eager singleton builds, and builds it once")
    func opaqueEagerSingleton() throws {
        let counter = Counter()
        let injector = try makeInjector { binder in
            binder.bind(Clock.self, to: SystemClock.init)
            binder.bind(LoginSession.self, needs: Clock.self) { resolver in
                LoginSession(serial: try resolver.resolve(Clock.self).now + counter.next())
            }.scope(.eagerSingleton)
        }
        #expect(counter.value == 1)
        #expect(try injector.resolve(LoginSession.self).serial == 1_001)
        #expect(counter.value == 1)
    }

    @Test("A child's opaque binding that resolves the parent's singleton gets the parent's instance")
    func childOpaqueResolvesParentSingleton() throws {
        let counter = Counter()
        let parent = try makeInjector { binder in
            binder.bind(LoginSession.self) { LoginSession(serial: counter.next()) }.scope(.singleton)
        }
        let child = try parent.child { binder in
            binder.bind(SessionHolder.self, needs: LoginSession.self) { resolver in
                let session = try resolver.resolve(LoginSession.self)
                return SessionHolder(session: Provider { session })
            }.scope(.singleton)
        }
        let held = try child.resolve(SessionHolder.self).session()
        #expect(held === (try parent.resolve(LoginSession.self)))
        #expect(counter.value == 1)
    }

    @Test("Following the captive-dependency fix (a singleton injecting Provider<Session>) works")
    func captiveFixWorks() throws {
        let found = try problems { binder in
            binder.bind(LoginSession.self) { LoginSession(serial: 1) }.scope(.session)
            binder.bind(Coordinator.self) { (session: LoginSession) in
                Coordinator(session: Session(serial: session.serial))
            }
            .scope(.singleton)
        }
        let fix = try #require(found.first?.fix)
        #expect(
            fix
                == "give Coordinator a scope no longer than session, or inject Provider<LoginSession> and call it when needed"
        )
        // Doing what the fix says:
        let injector = try makeInjector { binder in
            binder.bind(LoginSession.self) { LoginSession(serial: 1) }.scope(.session)
            binder.bind(SessionHolder.self, to: SessionHolder.init).scope(.singleton)
        }
        #expect(try injector.resolve(SessionHolder.self).session().serial == 1)
    }

    // MARK: 2. Provider and Lazy of an unbound type

    @Test("Resolving a Lazy or a Provider of an unbound type throws at once, naming the type")
    func resolveLazyOfUnbound() throws {
        let injector = try makeInjector { _ in }
        let lazy = #expect(throws: ResolutionError.self) { _ = try injector.resolve(Lazy<Ghost>.self) }
        let provider = #expect(throws: ResolutionError.self) { _ = try injector.resolve(Provider<Ghost>.self) }
        for error in [lazy, provider] {
            #expect(error?.key == .of(Ghost.self))
            #expect(
                error?.description.hasPrefix("error: no binding for Ghost [G201]\n") == true,
                "\(String(describing: error))")
            guard case .noBinding = error?.reason else {
                Issue.record("expected noBinding, got \(String(describing: error?.reason))")
                continue
            }
        }
    }

    // MARK: 4. Weak scope of a value type

    @Test("A weak binding of a protocol served by a struct names the struct in its error")
    func weakStructNamesConcreteType() throws {
        let body: @Sendable (Binder) -> Void = { binder in binder.bind(Animal.self) { Dog() }.scope(.weak) }
        let site = Sites(body)[Animal.self]
        let injector = try makeInjector(body)
        let error = #expect(throws: ResolutionError.self) { _ = try injector.resolve(Animal.self) }
        guard case .weakScopeNeedsClass(let produced) = error?.reason else {
            Issue.record("expected weakScopeNeedsClass, got \(String(describing: error))")
            return
        }
        #expect(produced == "Dog")
        #expect(
            error?.description == """
                error: weak scope needs a class instance, but Animal produced a Dog [G206]
                  binding Animal (\(site))
                  fix: give Animal another scope, such as .transient or .singleton
                """)
    }

    // MARK: 7. Default-valued parameters

    @Test("Binding an initializer with a default-valued Int parameter explains why Int is needed")
    func defaultValuedParameter() throws {
        let found = try problems { binder in
            binder.bind(HTTPClient.self, to: HTTPClient.init)
            binder.bind(RetryingClient.self, to: RetryingClient.init)
        }
        #expect(found.map(\.message) == ["no binding for Int"])
        #expect(
            found.first?.notes == [
                "note: Int is a standard-library value type; if RetryingClient's initializer gives it a default value, such as (retries: Int = 3), autowiring does not use the default: bind RetryingClient with a closure that takes only its dependencies and leaves that argument out"
            ])
        // Doing what the note says:
        let injector = try makeInjector { binder in
            binder.bind(HTTPClient.self, to: HTTPClient.init)
            binder.bind(RetryingClient.self) { (http: HTTPClient) in RetryingClient(http: http) }
        }
        #expect(try injector.resolve(RetryingClient.self).retries == 3)
    }

    @Test("A missing type of the app's own gets no note about default values")
    func noDefaultValueNoteForOwnTypes() throws {
        let found = try problems { binder in
            binder.bind(RetryingClient.self) { (http: HTTPClient) in RetryingClient(http: http) }
        }
        #expect(found.map(\.message) == ["no binding for HTTPClient"])
        #expect(found.first?.notes == [])
    }

    // MARK: 8. One version syntax

    @Test("A version written without its leading v is rejected, on a binding and in a selection")
    func versionWithoutV() throws {
        let onBinding = try problems(versions: .init(default: "v2")) { binder in
            binder.bind(String.self, toInstance: "x").version("2")
        }
        #expect(onBinding.map(\.message) == ["invalid version \"2\" on the binding of String"])
        let inSelection = try problems(versions: .init(default: "2")) { binder in
            binder.bind(String.self, toInstance: "x").version("v2")
        }
        #expect(inSelection.map(\.message) == ["invalid selected version \"2\" (run-time default)"])
        let inOverride = try problems(versions: .init(default: "v1", overrides: [.of(String.self): "2.1"])) { binder in
            binder.bind(String.self, toInstance: "x").version("v1")
        }
        #expect(inOverride.map(\.message) == ["invalid selected version \"2.1\" (run-time selection for String)"])
        #expect(
            inOverride.first?.fix == "select a version such as v1, v2 or v2.1 ('v', then numbers separated by dots)")
    }
}

// Further places where features meet, beyond the issue's reproductions.
@Suite("Where features meet: children, opaque factories and resets")
struct FeaturesMeetingInChildrenTests {
    @Test("A parent's opaque singleton whose declared dependency a child overrides is rebuilt in the child")
    func opaqueDependantRebuiltInChild() throws {
        let counter = Counter()
        let parent = try makeInjector { binder in
            binder.bind(Transport.self, to: LiveTransport.init)
            binder.bind(APIClient.self, needs: Transport.self) { resolver in
                counter.next()
                return APIClient(transport: try resolver.resolve(Transport.self))
            }.scope(.singleton)
        }
        let live = try parent.resolve(APIClient.self)
        let child = try parent.child { binder in binder.bind(Transport.self, to: FakeTransport.init) }
        #expect(try child.resolve(APIClient.self).transport.name == "fake")
        #expect(try child.resolve(APIClient.self) === child.resolve(APIClient.self))
        #expect(try parent.resolve(APIClient.self) === live)
        #expect(counter.value == 2)
    }

    @Test("A parent's singleton that needs a named binding the child overrides is rebuilt in the child")
    func namedDependantRebuiltInChild() throws {
        let parent = try makeInjector { binder in
            binder.bind(String.self, toInstance: "live").named("host")
            binder.bind(LoginSession.self, needs: [.of(String.self, named: "host")]) { resolver in
                LoginSession(serial: try resolver.resolve(String.self, named: "host").count)
            }.scope(.singleton)
        }
        let child = try parent.child { binder in binder.bind(String.self, toInstance: "faked").named("host") }
        #expect(try child.resolve(LoginSession.self).serial == 5)
        #expect(try parent.resolve(LoginSession.self).serial == 4)
    }

    @Test("A strict child refuses a live-only dependency that an opaque factory declared, naming the factory")
    func strictChildRefusesOpaqueDependency() throws {
        let parent = try makeInjector { binder in
            binder.bind(Transport.self, to: LiveTransport.init).liveOnly()
            binder.bind(APIClient.self, needs: Transport.self) { resolver in
                APIClient(transport: try resolver.resolve(Transport.self))
            }
        }
        let test = try parent.child(strict: true) { binder in binder.bind(Clock.self, toInstance: FixedClock(now: 1)) }
        let error = #expect(throws: ResolutionError.self) { _ = try test.resolve(APIClient.self) }
        #expect(error?.key == .of(Transport.self))
        #expect(error?.path.map(\.key) == [.of(APIClient.self), .of(Transport.self)])
        guard case .liveOnly = error?.reason else {
            Issue.record("expected liveOnly, got \(String(describing: error))")
            return
        }
    }

    @Test(
        "A strict child whose parent has an eager singleton needing an unfaked live-only binding fails to build, naming it"
    )
    func strictChildWithEagerSingleton() throws {
        let parent = try makeInjector { binder in
            binder.bind(Transport.self, to: LiveTransport.init).liveOnly()
            binder.bind(APIClient.self, to: APIClient.init).scope(.eagerSingleton)
        }
        let error = #expect(throws: ResolutionError.self) {
            _ = try parent.child(strict: true) { binder in binder.bind(Clock.self, toInstance: FixedClock(now: 1)) }
        }
        #expect(error?.key == .of(Transport.self))
        #expect(error?.path.map(\.key) == [.of(APIClient.self), .of(Transport.self)])
        let faked = try parent.child(strict: true) { binder in binder.bind(Transport.self, to: FakeTransport.init) }
        #expect(try faked.resolve(APIClient.self).transport.name == "fake")
        #expect(try parent.resolve(APIClient.self).transport.name == "live")
    }

    @Test("Two opaque factories that declare each other directly are a cycle found by validation")
    func opaqueDeclaredCycle() throws {
        let found = try problems { binder in
            binder.bind(Front.self, needs: Back.self) { _ in throw CancellationError() }
            binder.bind(Back.self, needs: Front.self) { _ in throw CancellationError() }
        }
        #expect(found.map(\.message) == ["dependency cycle: Front -> Back -> Front"])
    }

    @Test("An opaque factory that declares a Provider of its dependant may close a loop")
    func opaqueProviderLoop() throws {
        let injector = try makeInjector { binder in
            binder.bind(SessionHolder.self, needs: Provider<LoginSession>.self) { resolver in
                SessionHolder(session: try resolver.resolve(Provider<LoginSession>.self))
            }.scope(.singleton)
            binder.bind(LoginSession.self, needs: SessionHolder.self) { resolver in
                _ = try resolver.resolve(SessionHolder.self)
                return LoginSession(serial: 1)
            }.scope(.session)
        }
        let holder = try injector.resolve(SessionHolder.self)
        #expect(try holder.session() === holder.session())
    }

    @Test("Resetting a scope through one child empties what a sibling child shares with the parent")
    func resetReachesSiblings() throws {
        let counter = Counter()
        let parent = try makeInjector { binder in
            binder.bind(LoginSession.self) { LoginSession(serial: counter.next()) }.scope(.session)
        }
        let one = try parent.child { binder in binder.bind(Clock.self, toInstance: FixedClock(now: 1)) }
        let other = try parent.child { binder in binder.bind(Clock.self, toInstance: FixedClock(now: 2)) }
        let before = try other.resolve(LoginSession.self)
        one.reset(.session)
        #expect(try other.resolve(LoginSession.self) !== before)
        #expect(counter.value == 2)
    }

    @Test("A reset also empties a child's own instances of that scope: none built before it is served after it")
    func resetReachesChildsOwnInstances() throws {
        let counter = Counter()
        let parent = try makeInjector { binder in
            binder.bind(Transport.self, to: LiveTransport.init)
            binder.bind(APIClient.self) { (transport: any Transport) in
                counter.next()
                return APIClient(transport: transport)
            }.scope(.session)
        }
        let child = try parent.child { binder in binder.bind(Transport.self, to: FakeTransport.init) }
        let before = try child.resolve(APIClient.self)
        #expect(before.transport.name == "fake")
        parent.reset(.session)
        let after = try child.resolve(APIClient.self)
        #expect(after !== before)
        #expect(after.transport.name == "fake")
        #expect(counter.value == 2)
    }

    @Test("A Provider resolved from a parent keeps serving the parent's binding after a child overrides it")
    func parentProviderUnaffectedByChild() throws {
        let parent = try makeInjector { binder in binder.bind(Transport.self, to: LiveTransport.init).scope(.singleton)
        }
        let provider = try parent.resolve(Provider<any Transport>.self)
        let child = try parent.child { binder in binder.bind(Transport.self, to: FakeTransport.init) }
        #expect(try provider().name == "live")
        #expect(try child.resolve(Provider<any Transport>.self)().name == "fake")
        #expect(try child.resolve(Lazy<any Transport>.self).value.name == "fake")
    }

    @Test("Resolving a Lazy of a type only the parent binds works from a child")
    func lazyFromChildOfParentBinding() throws {
        let parent = try makeInjector { binder in binder.bind(Clock.self, to: SystemClock.init).scope(.singleton) }
        let child = try parent.child { binder in binder.bind(Transport.self, to: FakeTransport.init) }
        #expect(try child.resolve(Lazy<any Clock>.self).value as AnyObject === parent.resolve(Clock.self) as AnyObject)
        #expect(throws: ResolutionError.self) { _ = try child.resolve(Lazy<Ghost>.self) }
    }

    @Test(
        "An eager singleton whose initializer calls a provider leading back to it fails the injector's build with the cycle"
    )
    func eagerSingletonProviderCycle() throws {
        let error = #expect(throws: ResolutionError.self) {
            _ = try makeInjector { binder in
                binder.bind(Ping.self, to: Ping.init).scope(.eagerSingleton)
                binder.bind(Pong.self, to: Pong.init)
                binder.bind(Rendezvous.self, toInstance: Rendezvous(parties: 0))
            }
        }
        guard case .cycle(let loop) = error?.reason else {
            Issue.record("expected a cycle, got \(String(describing: error))")
            return
        }
        #expect(loop == [.of(Ping.self), .of(Pong.self), .of(Ping.self)])
    }

    @Test("A singleton asked for through providers from many threads at once is built once")
    func providerContention() async throws {
        let counter = Counter()
        let injector = try makeInjector { binder in
            binder.bind(Counter.self, toInstance: counter)
            binder.bind(Catalogue.self, to: Catalogue.init).scope(.singleton)
            binder.bind(GridProviderHolderOfCatalogue.self, to: GridProviderHolderOfCatalogue.init)
        }
        let seen = try await withThrowingTaskGroup(of: ObjectIdentifier.self) { group in
            for _ in 0..<8 {
                group.addTask { ObjectIdentifier(try injector.resolve(GridProviderHolderOfCatalogue.self).catalogue()) }
            }
            return try await group.reduce(into: Set<ObjectIdentifier>()) { $0.insert($1) }
        }
        #expect(seen.count == 1)
        #expect(counter.value == 1)
    }
}

final class GridProviderHolderOfCatalogue: Sendable {
    let catalogue: Provider<Catalogue>
    init(catalogue: Provider<Catalogue>) { self.catalogue = catalogue }
}

// Found while writing the tests above, and fixed on main.
@Suite("Where features meet: found along the way")
struct FeaturesMeetingFoundTests {
    @Test("A Provider or a Lazy of an optional type nothing binds gives nil, and validation accepts it")
    func providerOfOptional() throws {
        let found = try problems { binder in binder.bind(OptionalLater.self, to: OptionalLater.init) }
        #expect(found.map(\.message) == [])
        let unbound = try makeInjector { binder in binder.bind(OptionalLater.self, to: OptionalLater.init) }
        let later = try unbound.resolve(OptionalLater.self)
        #expect(try later.clock() == nil)
        #expect(try later.lazyClock.value == nil)
        #expect(try unbound.resolve(Provider<(any Clock)?>.self)() == nil)
        let bound = try makeInjector { binder in
            binder.bind(Clock.self, to: SystemClock.init)
            binder.bind(OptionalLater.self, to: OptionalLater.init)
        }
        #expect(try bound.resolve(OptionalLater.self).clock()?.now == 1_000)
        #expect(try bound.resolve(OptionalLater.self).lazyClock.value?.now == 1_000)
    }

    @Test("A binding that needs a missing type through two edges is not listed again as also needing it")
    func alsoNeededOnce() throws {
        let found = try problems { binder in
            binder.bind(APIClient.self, needs: Transport.self, Provider<any Transport>.self) { resolver in
                APIClient(transport: try resolver.resolve(Transport.self))
            }
            binder.bind(String.self) { (transport: any Transport) in transport.name }
        }
        #expect(found.map(\.message) == ["no binding for Transport"])
        #expect(found.first?.notes == ["also needed by String"])
    }
}
