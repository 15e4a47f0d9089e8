@testable import Container
import Testing

/// Pins the exact text of every diagnostic: these are what users read, so a change to one
/// must be deliberate.
@Suite("Diagnostic wording")
struct DiagnosticWordingTests {
    private func only(versions: VersionSelection = .latest, _ body: @escaping @Sendable (Binder) -> Void) throws
        -> String
    {
        let found = try problems(versions: versions, body)
        try #require(found.count == 1, "expected one problem, got \(found)")
        return found[0].description
    }

    @Test("Missing binding")
    func missingBinding() throws {
        let body: @Sendable (Binder) -> Void = { binder in
            binder.bind(CartService.self, to: CartV1.init).version("v1")
            binder.bind(APIClient.self, to: APIClient.init)
        }
        let site = Sites(body)
        #expect(
            try only(body) == """
                error: no binding for Transport [G101]
                  needed by CartService (v1, \(site[CartService.self]))
                         -> APIClient (\(site[APIClient.self]))
                         -> Transport
                  fix: bind Transport in one of the modules given to Injector(modules:)
                """)
    }

    @Test("Dependency cycle")
    func cycle() throws {
        let body: @Sendable (Binder) -> Void = { binder in
            binder.bind(Alpha.self, to: Alpha.init)
            binder.bind(Beta.self, to: Beta.init)
            binder.bind(Gamma.self, to: Gamma.init)
        }
        let site = Sites(body)
        #expect(
            try only(body) == """
                error: dependency cycle: Alpha -> Beta -> Gamma -> Alpha [G102]
                  loop Alpha (\(site[Alpha.self]))
                    -> Beta (\(site[Beta.self]))
                    -> Gamma (\(site[Gamma.self]))
                    -> Alpha (\(site[Alpha.self]))
                  fix: break the loop by injecting Provider<T> or Lazy<T> instead of T in one of these factories
                """)
    }

    @Test("Captive dependency")
    func captive() throws {
        let body: @Sendable (Binder) -> Void = { binder in
            binder.bind(Session.self) { Session(serial: 1) }.scope(.session)
            binder.bind(Coordinator.self, to: Coordinator.init).scope(.singleton)
        }
        let site = Sites(body)
        #expect(
            try only(body) == """
                error: captive dependency: singleton Coordinator holds session-scoped Session, which would outlive its scope [G103]
                  held by Coordinator (\(site[Coordinator.self]))
                       -> Session (\(site[Session.self]))
                  fix: give Coordinator a scope no longer than session, or inject Provider<Session> and call it when needed
                """)
    }

    @Test("Duplicate binding")
    func duplicate() throws {
        // The graph keeps one of two duplicates and the problem reports the second's site, so no
        // API names the first: its line is counted from here.
        let line = #line + 2
        let found = try problems(versions: .init(default: "v2")) { binder in
            binder.bind(Clock.self, to: SystemClock.init).version("v2")
            binder.bind(Clock.self, to: SystemClock.init).version("v2")
        }
        #expect(
            found.map(\.description) == [
                """
                error: duplicate binding of Clock version v2 [G104]
                  first declared at ContainerTests/DiagnosticWordingTests.swift:\(line)
                  again declared at ContainerTests/DiagnosticWordingTests.swift:\(line + 1)
                  fix: remove one of them, or add .overriding() to the second if it is meant to replace the first
                """
            ])
    }

    @Test("Override without a target")
    func overrideWithoutTarget() throws {
        let body: @Sendable (Binder) -> Void = { binder in
            binder.bind(Clock.self, to: SystemClock.init).named("utc").overriding()
        }
        let site = Sites(body)
        #expect(
            try only(body) == """
                error: binding of Clock named "utc" says .overriding(), but nothing before it binds Clock named "utc" [G105]
                  declared at \(site[Clock.self, named: "utc"])
                  fix: remove .overriding(), or check that the module with the original binding is given first
                """)
    }

    @Test("A required dependency on a type bound only in a later version")
    func notServed() throws {
        let body: @Sendable (Binder) -> Void = { binder in
            binder.bind(String.self) { (_: any CartService) in "" }
            binder.bind(CartService.self) { CartV2(api: APIClient(transport: FakeTransport()), clock: SystemClock()) }
                .version("v2")
        }
        let site = Sites(body)
        let found = try problems(versions: .init(default: "v1"), body)
        #expect(
            found.map(\.description) == [
                """
                error: String needs CartService, which is not served under v1 (run-time default): bound only in v2 (\(site[CartService.self])) [G107]
                  needed by String (\(site[String.self]))
                         -> CartService
                  fix: select v2 or later for CartService, bind CartService for v1 or without a version, or inject CartService? to do without it under v1
                """
            ])
        #expect(found.map(\.kind) == [.notServed])
        #expect(found.first?.subject == .of(String.self))
        #expect(found.first?.related == [.of(CartService.self)])
        #expect(found.first?.notServed?.laterBindings.map(\.version) == ["v2"])
    }

    @Test("A required dependency on a retired type, chosen by a per-service selection")
    func retired() throws {
        let body: @Sendable (Binder) -> Void = { binder in
            binder.bind(String.self) { (_: any Clock) in "" }
            binder.bind(Clock.self, to: SystemClock.init).version("v1")
            binder.retire(Clock.self, from: "v3")
        }
        let site = Sites(body)
        let found = try problems(versions: .init(default: "v1", overrides: [.of(Clock.self): "v4"]), body)
        #expect(
            found.map(\.description) == [
                """
                error: String needs Clock, which is not served under v4 (run-time selection for Clock): retired in v3 (\(site[Clock.self, version: "v3", retired: true])) [G107]
                  needed by String (\(site[String.self]))
                         -> Clock
                  fix: inject Clock? to do without Clock where it is retired, stop needing it from v3 on, or bind Clock for v4 again
                """
            ])
    }

    @Test("Selection naming an unbound service, and invalid versions")
    func selectionProblems() throws {
        // A binding of an invalid version is left out of the graph: the problem reports its site.
        let found = try problems(versions: .init(default: "v1", overrides: [.of(Clock.self): "v2"])) { binder in
            binder.bind(String.self, toInstance: "x").version("2.x")
        }
        let site = try #require(found.first?.site)
        #expect(site.fileID == "ContainerTests/DiagnosticWordingTests.swift")
        #expect(
            found.map(\.description) == [
                """
                error: invalid version "2.x" on the binding of String [G109]
                  declared at \(site)
                  fix: write a version such as v1, v2 or v2.1 ('v', then numbers separated by dots)
                """,
                """
                error: the version selection names Clock (v2), but nothing binds Clock [G106]
                  fix: remove Clock from the selection's overrides, or bind it in one of the modules
                """,
            ])
    }

    @Test("Validation error lists every problem and counts them")
    func validationError() throws {
        let error = #expect(throws: ValidationError.self) {
            _ = try makeInjector { binder in
                binder.bind(APIClient.self, to: APIClient.init)
                binder.bind(CartService.self, to: CartV1.init)
                binder.bind(CartService.self, to: CartV1.init)
            }
        }
        let text = try #require(error?.description)
        #expect(text.hasPrefix("error: duplicate binding of CartService [G104]\n"))
        #expect(text.contains("\n\nerror: no binding for Transport [G101]\n"))
        #expect(text.hasSuffix("\n\n2 problems in the dependency graph"))
    }

    @Test("Resolving an unbound type")
    func resolveUnbound() throws {
        let injector = try makeInjector { _ in }
        let error = #expect(throws: ResolutionError.self) { try injector.resolve(Session.self) }
        #expect(
            error?.description == """
                error: no binding for Session [G201]
                  fix: bind Session in one of the modules given to Injector(modules:)
                """)
    }

    @Test("Resolving a version nothing serves")
    func resolveUnsatisfied() throws {
        let body: @Sendable (Binder) -> Void = { binder in binder.bind(Clock.self, to: SystemClock.init).version("v2") }
        let site = Sites(body)
        let injector = try makeInjector(versions: .init(default: "v1"), validating: false, body)
        let error = #expect(throws: ResolutionError.self) { try injector.resolve(Clock.self) }
        #expect(
            error?.description == """
                error: Clock is not served under v1 (run-time default): bound only in v2 (\(site[Clock.self])) [G202]
                  fix: select v2 or later for Clock, bind Clock for v1 or without a version, or resolve Clock?.self to do without it under v1
                """)
        guard case .notServed(let missing) = error?.reason else {
            Issue.record("expected .notServed, got \(String(describing: error?.reason))")
            return
        }
        #expect(missing.key == .of(Clock.self))
    }

    @Test("A strict child refusing a live-only binding")
    func strictRefusal() throws {
        let body: @Sendable (Binder) -> Void = { binder in
            binder.bind(APIClient.self, to: APIClient.init)
            binder.bind(Transport.self, to: LiveTransport.init).liveOnly()
        }
        let site = Sites(body)
        let parent = try makeInjector(body)
        let test = try parent.child(strict: true) { _ in }
        let error = #expect(throws: ResolutionError.self) { try test.resolve(APIClient.self) }
        #expect(
            error?.description == """
                error: strict test injector refused live-only binding Transport (\(site[Transport.self])) [G204]
                  needed by APIClient (\(site[APIClient.self]))
                         -> Transport (\(site[Transport.self]))
                  fix: override Transport in the child injector, e.g. binder.bind(Transport.self, toInstance: fake)
                """)
    }

    @Test("A strict child refusing a named live-only binding shows the override with its name")
    func strictRefusalOfNamed() throws {
        let body: @Sendable (Binder) -> Void = { binder in
            binder.bind(Transport.self, to: LiveTransport.init).named("backup").liveOnly()
        }
        let site = Sites(body)[Transport.self, named: "backup"]
        let parent = try makeInjector(body)
        let test = try parent.child(strict: true) { _ in }
        let error = #expect(throws: ResolutionError.self) { try test.resolve(Transport.self, named: "backup") }
        #expect(
            error?.description == """
                error: strict test injector refused live-only binding Transport named "backup" (\(site)) [G204]
                  binding Transport named "backup" (\(site))
                  fix: override Transport named "backup" in the child injector, e.g. binder.bind(Transport.self, toInstance: fake).named("backup")
                """)
        let overridden = try parent.child(strict: true) { binder in
            binder.bind(Transport.self, toInstance: FakeTransport()).named("backup")
        }
        #expect(try overridden.resolve(Transport.self, named: "backup") is FakeTransport)
    }

    @Test("A factory that throws")
    func factoryThrows() throws {
        struct Offline: Error, CustomStringConvertible { var description: String { "offline" } }
        let body: @Sendable (Binder) -> Void = { binder in
            binder.bind(Transport.self) { () throws -> any Transport in throw Offline() }
            binder.bind(APIClient.self, to: APIClient.init)
        }
        let site = Sites(body)
        let injector = try makeInjector(body)
        let error = #expect(throws: ResolutionError.self) { try injector.resolve(APIClient.self) }
        #expect(
            error?.description == """
                error: the factory of Transport threw: offline [G205]
                  needed by APIClient (\(site[APIClient.self]))
                         -> Transport (\(site[Transport.self]))
                  fix: make the factory succeed; the error above is the one it threw
                """)
        // Resolved directly, the path is the failing binding alone: it names where it is bound,
        // not what needs it ("needed by Transport" would say that it needs itself).
        let direct = #expect(throws: ResolutionError.self) { try injector.resolve(Transport.self) }
        #expect(
            direct?.description == """
                error: the factory of Transport threw: offline [G205]
                  binding Transport (\(site[Transport.self]))
                  fix: make the factory succeed; the error above is the one it threw
                """)
    }

    @Test("A run-time cycle through a provider")
    func runtimeCycle() throws {
        let injector = try makeInjector { binder in binder.bind(SelfStarter.self, to: SelfStarter.init) }
        let error = #expect(throws: ResolutionError.self) { try injector.resolve(SelfStarter.self) }
        let text = try #require(error?.description)
        #expect(
            text.hasPrefix("error: dependency cycle while building SelfStarter: SelfStarter -> SelfStarter [G203]\n"))
        #expect(
            text.hasSuffix(
                "  fix: an initializer must not call get() on a Provider, or read a Lazy value or an @Inject property, that leads back to itself; defer the read until after initialization"
            ))
    }

    @Test("Weak scope on a value type, and a provider that outlived its injector")
    func weakAndReleased() throws {
        let injector = try makeInjector { binder in binder.bind(Int.self) { 1 }.scope(.weak) }
        let weak = #expect(throws: ResolutionError.self) { try injector.resolve(Int.self) }
        #expect(
            weak?.description.hasPrefix("error: weak scope needs a class instance, but Int produced a Int [G206]\n")
                == true)
        #expect(weak?.description.hasSuffix("  fix: give Int another scope, such as .transient or .singleton") == true)
        let released = ResolutionError(.injectorReleased, key: .of(Int.self))
        #expect(
            released.description == """
                error: the injector that made this Provider<Int> or Lazy<Int> no longer exists [G207]
                  fix: keep the injector alive as long as the objects it built use providers or lazy values
                """)
    }

    @Test("Isolation captive: a plain holder of a main-actor binding, directly and through a Provider")
    func isolationCaptive() throws {
        let body: @Sendable (Binder) -> Void = { binder in
            binder.bind(APIClient.self) { APIClient(transport: LiveTransport()) }
            binder.bind(ProfileViewModel.self, onMainActor: ProfileViewModel.init)
            binder.bind(Counter.self, toInstance: Counter())
            binder.bind(ProfileCache.self, to: ProfileCache.init)
            binder.bind(ProfileRouter.self, to: ProfileRouter.init)
        }
        let site = Sites(body)
        let found = try problems(body)
        #expect(
            found.map(\.description) == [
                """
                error: isolation captive: ProfileCache is not isolated to the main actor, but holds @MainActor ProfileViewModel, which it could build only on the main actor [G113]
                  needed by ProfileCache (\(site[ProfileCache.self]))
                         -> ProfileViewModel (\(site[ProfileViewModel.self]))
                  fix: inject AsyncProvider<ProfileViewModel> or AsyncLazy<ProfileViewModel> into ProfileCache and await it, or isolate ProfileCache to the main actor too with bind(ProfileCache.self, onMainActor: ...)
                """,
                """
                error: isolation captive: ProfileRouter is not isolated to the main actor, but holds Provider<ProfileViewModel>, which builds @MainActor ProfileViewModel wherever ProfileRouter calls it [G113]
                  needed by ProfileRouter (\(site[ProfileRouter.self]))
                         -> ProfileViewModel (\(site[ProfileViewModel.self]))
                  fix: inject AsyncProvider<ProfileViewModel> or AsyncLazy<ProfileViewModel> into ProfileRouter and await it, or isolate ProfileRouter to the main actor too with bind(ProfileRouter.self, onMainActor: ...)
                """,
            ])
    }

    @Test("Explain and the text graph of a main-actor binding")
    func mainActorIntrospection() throws {
        let body: @Sendable (Binder) -> Void = { binder in
            binder.bind(APIClient.self) { APIClient(transport: LiveTransport()) }
            binder.bind(ProfileViewModel.self, onMainActor: ProfileViewModel.init).scope(.singleton)
            binder.bind(Counter.self, toInstance: Counter())
        }
        let site = Sites(body)[ProfileViewModel.self]
        let injector = try makeInjector(body)
        #expect(
            injector.explain(ProfileViewModel.self).description == """
                ProfileViewModel is served by the binding at \(site)
                  version: none (serves every selection)
                  why: bound without a version, so it serves every selection
                  scope: singleton
                  isolation: @MainActor, because it is bound on the main actor; resolve it on the main actor, or with try await elsewhere
                  needs: APIClient, Counter
                """)
        #expect(injector.graph.rendered(as: .text).contains("ProfileViewModel [singleton, @MainActor] \(site)"))
    }

    @Test("A Resolver asked for outside an opaque factory is never advised to be bound")
    func resolverOutsideOpaqueFactory() throws {
        let body: @Sendable (Binder) -> Void = { binder in binder.bind(Clock.self) { (_: Resolver) in SystemClock() } }
        let site = Sites(body)
        #expect(
            try only(body) == """
                error: no binding for Resolver [G101]
                  needed by Clock (\(site[Clock.self]))
                         -> Resolver
                  note: a Resolver is given only to opaque factories, which declare what they resolve with needs:
                  fix: declare what the factory resolves: binder.bind(Clock.self, needs: A.self, B.self) { resolver in … }, or take A and B as the factory's parameters
                """)
        let injector = try makeInjector { _ in }
        let error = #expect(throws: ResolutionError.self) { try injector.resolve(Resolver.self) }
        #expect(
            error?.description == """
                error: no binding for Resolver [G201]
                  fix: declare what the factory resolves: binder.bind(T.self, needs: A.self, B.self) { resolver in … }, or take A and B as the factory's parameters
                """)
    }

    @Test(
        "A wrapper of a factory whose arguments differ, and a wrapper of a binding with arguments, name the type asked for"
    )
    func wrappedFactoryArguments() throws {
        let body: @Sendable (Binder) -> Void = { binder in
            binder.bind(Int.self, arguments: String.self) { (text: String) in text.count }
            binder.bind(Double.self) { (_: Lazy<Factory<Bool, Int>>, _: Provider<Int>) in 0 }
        }
        let site = Sites(body)
        let found = try problems(body)
        #expect(
            found.map(\.description) == [
                """
                error: Double injects Lazy<Factory<Bool, Int>>, but Int takes run-time arguments (String) [G110]
                  needed by Double (\(site[Double.self]))
                         -> Int (\(site[Int.self]))
                  Int declared at \(site[Int.self])
                  fix: inject Factory<String, Int>, or bind Int with arguments (Bool)
                """,
                """
                error: Double needs Provider<Int>, but Int takes run-time arguments (String) [G110]
                  needed by Double (\(site[Double.self]))
                         -> Int (\(site[Int.self]))
                  Int declared at \(site[Int.self])
                  fix: inject Factory<String, Int> and call it with the arguments
                """,
            ])
    }

    @Test("A type that .implements a binding with arguments takes them: asked for without, it says so")
    func implementsWithArguments() throws {
        let body: @Sendable (Binder) -> Void = { binder in
            binder.bind(FixedClock.self, arguments: Int.self) { (now: Int) in FixedClock(now: now) }
                .implements((any Clock).self) { $0 }
            binder.bind(Counter.self) { (_: any Clock) in Counter() }
        }
        let site = Sites(body)
        #expect(
            try only(body) == """
                error: Counter needs Clock, but Clock takes run-time arguments (Int) [G110]
                  needed by Counter (\(site[Counter.self]))
                         -> Clock (\(site[FixedClock.self]))
                  Clock declared at \(site[FixedClock.self])
                  fix: inject Factory<Int, Clock> and call it with the arguments
                """)
    }

    @Test("An opaque factory asking for a factory it did not declare is told to declare one")
    func undeclaredFactory() throws {
        let body: @Sendable (Binder) -> Void = { binder in
            binder.bind(Counter.self, needs: [.of(Clock.self)]) { resolver in
                _ = try resolver.resolve(Factory<Int, any Clock>.self)
                return Counter()
            }
            binder.bind(Clock.self, to: SystemClock.init)
        }
        let site = Sites(body)
        let injector = try makeInjector(body)
        let error = #expect(throws: ResolutionError.self) { try injector.resolve(Counter.self) }
        #expect(
            error?.description == """
                error: the opaque factory of Counter asked its resolver for Factory<…, Clock>, which its needs: does not declare [G208]
                  binding Counter (\(site[Counter.self]))
                  fix: add Factory<…, Clock>.self to the needs: of bind(Counter.self, needs: ...), so that validation checks that edge too
                """)
    }

    @Test("An opaque factory asking for a wrapper of a named binding it did not declare is told how to declare it")
    func undeclaredNamedWrapper() throws {
        let body: @Sendable (Binder) -> Void = { binder in
            binder.bind(Counter.self, needs: [.of(Clock.self, named: "utc")]) { resolver in
                _ = try resolver.resolve(Provider<any Clock>.self, named: "utc")
                return Counter()
            }
            binder.bind(Clock.self, to: SystemClock.init).named("utc")
        }
        let site = Sites(body)
        let injector = try makeInjector(body)
        let error = #expect(throws: ResolutionError.self) { try injector.resolve(Counter.self) }
        #expect(
            error?.description == """
                error: the opaque factory of Counter asked its resolver for Provider<Clock named "utc">, which its needs: does not declare [G208]
                  binding Counter (\(site[Counter.self]))
                  fix: add .of(Provider<Clock>.self, named: "utc") to the needs: of bind(Counter.self, needs: ...), so that validation checks that edge too
                """)
    }
}

/// A type whose name is another's with `Type` added, which is no concrete class of it.
final class FixedClockType: Sendable {}

/// A clock's concrete class, bound where a dependant needs the protocol.
final class LiveClock: Clock, Sendable {
    var now: Int { 0 }
}

@Suite("Near misses: what a missing key may have meant")
struct NearMissTests {
    @Test("A dependency on a protocol whose concrete class alone is bound suggests the class")
    func concreteClassBound() throws {
        let found = try problems { binder in
            binder.bind(LiveClock.self, to: LiveClock.init)
            binder.bind(String.self) { (clock: any Clock) in "\(clock.now)" }
        }
        #expect(found.map(\.kind) == [.missingBinding])
        #expect(
            found.first?.notes == [
                "note: did you mean LiveClock? it is bound; to serve Clock with it, bind(Clock.self, to: LiveClock.init), "
                    + "or .implements(Clock.self) on its binding"
            ])
    }

    @Test("A dependency on a concrete class where only its protocol is bound advises depending on the protocol")
    func protocolBound() throws {
        let found = try problems { binder in
            binder.bind(Clock.self) { LiveClock() }
            binder.bind(String.self) { (clock: LiveClock) in "\(clock.now)" }
        }
        #expect(found.first?.notes == ["note: did you mean Clock? it is bound; depend on Clock instead"])
    }

    @Test("A type is no near miss of one whose name only adds a word a concrete type would not")
    func noFalseNearMiss() throws {
        let found = try problems { binder in
            binder.bind(FixedClockType.self) { FixedClockType() }
            binder.bind(String.self) { (clock: FixedClock) in "\(clock.now)" }
        }
        #expect(found.first?.notes == [])
    }

    @Test("A type bound only under other names, or only without one, says so, in validation and resolving")
    func otherNames() throws {
        let unnamed = try problems { binder in
            binder.bind(Clock.self) { FixedClock(now: 1) }.named("replica")
            binder.bind(Clock.self) { FixedClock(now: 2) }.named("primary")
            binder.bind(String.self) { (clock: any Clock) in "\(clock.now)" }
        }
        #expect(unnamed.first?.notes == [#"note: Clock is bound under the names "primary" and "replica""#])
        let injector = try makeInjector { binder in binder.bind(Clock.self) { FixedClock(now: 1) } }
        let error = #expect(throws: ResolutionError.self) { try injector.resolve(Clock.self, named: "replica") }
        #expect(
            error?.description == """
                error: no binding for Clock named "replica" [G201]
                  note: Clock is bound without a name
                  fix: bind Clock named "replica" in one of the modules given to Injector(modules:)
                """)
    }

    @Test("A key that many bindings need is one problem that counts them")
    func manyDependants() throws {
        let found = try problems { binder in
            binder.bind(String.self) { (clock: any Clock) in "\(clock.now)" }
            binder.bind(Int.self) { (clock: any Clock) in clock.now }
            binder.bind(Double.self) { (clock: any Clock) in Double(clock.now) }
            binder.bind(Bool.self) { (clock: any Clock) in clock.now > 0 }
            binder.bind(Character.self) { (clock: any Clock) in clock.now > 0 ? "a" : "b" }
            binder.bind(UInt8.self) { (clock: any Clock) in UInt8(clock.now) }
        }
        #expect(found.map(\.kind) == [.missingBinding])
        #expect(found.first?.notes == ["also needed by Int, Double, Bool and 2 more"])
    }

    @Test("A selection naming a list, or a service a few letters off, suggests the service")
    func selectionSuggestions() throws {
        let graph = Injector.graph(modules: [
            TestModule { binder in
                binder.contribute(Clock.self, id: "fixed") { FixedClock(now: 1) }.version("v1")
                binder.bind(CartService.self, to: CartV1.init).version("v1")
            }
        ])
        let list = #expect(throws: SelectionParseError.self) {
            try VersionSelection(parsing: "[any Clock]=v1", in: graph)
        }
        #expect(
            list?.problem
                == "unknown service '[any Clock]' (did you mean 'Clock'?; a list's or map's items are pinned by their "
                + "element type); the services are CartService, Clock")
        let typo = #expect(throws: SelectionParseError.self) {
            try VersionSelection(parsing: "CartSevice=v1", in: graph)
        }
        #expect(
            typo?.problem
                == "unknown service 'CartSevice' (did you mean 'CartService'?); the services are CartService, Clock")
        let far = #expect(throws: SelectionParseError.self) { try VersionSelection(parsing: "Wallet=v1", in: graph) }
        #expect(far?.problem == "unknown service 'Wallet'; the services are CartService, Clock")
    }
}
