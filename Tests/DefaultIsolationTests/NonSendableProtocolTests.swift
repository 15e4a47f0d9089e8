import Container
import Testing

// Built with Xcode 26's settings for a new app target (Package.swift's `appTargetSettings`):
// every type and protocol here is isolated to the main actor unless it says otherwise, and the
// protocols are not `Sendable`, as such a target writes them. Nothing below is a workaround:
// each binding is the natural `bind(P.self, to: Impl.init)`.

protocol Clock { func now() -> Int }
protocol Greeter { func greet() -> String }
protocol Transport: Sendable { func send(_ path: String) -> String }

/// No stored properties: Swift leaves its initializer not isolated, and its type is not `Sendable`.
final class SystemClock: Clock { func now() -> Int { 42 } }

final class FixedClock: Clock {
    let time: Int
    init(time: Int) { self.time = time }
    func now() -> Int { time }
}

/// Counts the builds of the bindings that take it, on the main actor.
final class BuildCounter {
    var builds = 0
}

final class FriendlyGreeter: Greeter {
    let clock: any Clock
    init(clock: any Clock, counter: BuildCounter) {
        self.clock = clock
        counter.builds += 1
    }
    func greet() -> String { "hello at \(clock.now())" }
}

final class FormalGreeter: Greeter {
    let clock: any Clock
    init(clock: any Clock) { self.clock = clock }
    func greet() -> String { "good day at \(clock.now())" }
}

final class EmbeddedTransport: Transport { func send(_ path: String) -> String { "200 \(path)" } }

final class APIClient: Sendable {
    let transport: any Transport
    init(transport: any Transport) { self.transport = transport }
}

final class ProfileViewModel {
    let greeter: any Greeter
    let api: APIClient
    init(greeter: any Greeter, api: APIClient) {
        self.greeter = greeter
        self.api = api
    }
}

struct ClockModule: Module {
    func configure(_ binder: Binder) {
        binder.bind(Clock.self, to: SystemClock.init).liveOnly()
    }
}

struct GreetingModule: Module {
    let scope: Scope
    func configure(_ binder: Binder) {
        binder.bind(BuildCounter.self, to: BuildCounter.init).scope(.singleton)
        binder.bind(Greeter.self, to: FriendlyGreeter.init).scope(scope).version("v1")
        binder.bind(Greeter.self, to: FormalGreeter.init).scope(scope).version("v2")
        binder.bind(Transport.self, to: EmbeddedTransport.init).scope(.singleton)
        binder.bind(APIClient.self, to: APIClient.init)
        binder.bind(ProfileViewModel.self, to: ProfileViewModel.init)
    }
}

/// A module list as a `static let`, which needs `Module` to be `Sendable` outside such a target.
enum AppModules {
    static let all: [any Module] = [ClockModule(), GreetingModule(scope: .transient)]
}

@Suite("An app target with default main-actor isolation, its protocols not Sendable")
struct NonSendableProtocolTests {
    @Test("Protocols that are not Sendable bind to initializers and resolve on the main actor")
    func bindsAndResolves() throws {
        let injector = try Injector(modules: AppModules.all, versions: VersionSelection(default: "v1"))
        let model = try injector.resolve(ProfileViewModel.self)
        #expect(model.greeter.greet() == "hello at 42")
        #expect(model.api.transport.send("/cart") == "200 /cart")
        #expect(try injector.resolve(Clock.self).now() == 42)
    }

    @Test("The version rule picks among them as among any bindings")
    func versions() throws {
        let v2 = try Injector(modules: AppModules.all, versions: VersionSelection(default: "v2"))
        #expect(try v2.resolve(Greeter.self).greet() == "good day at 42")
        let latest = try Injector(modules: AppModules.all)
        #expect(try latest.resolve(Greeter.self).greet() == "good day at 42")
        #expect(latest.explain(Greeter.self).binding?.version == "v2")
    }

    @Test(
        "Each scope keeps its promise for a type that is not Sendable",
        arguments: [Scope.transient, .singleton, .eagerSingleton, .weak, .session])
    func scopes(scope: Scope) throws {
        let injector = try Injector(
            modules: [ClockModule(), GreetingModule(scope: scope)], versions: VersionSelection(default: "v1"))
        let counter = try injector.resolve(BuildCounter.self)
        let first = try injector.resolve(Greeter.self) as AnyObject
        let second = try injector.resolve(Greeter.self) as AnyObject
        let kept = scope != .transient
        #expect((first === second) == kept)
        #expect(counter.builds == (kept ? 1 : 2))
        if scope == .session {
            injector.reset(.session)
            #expect(try injector.resolve(Greeter.self) as AnyObject !== first)
            #expect(counter.builds == 2)
        }
    }

    @Test("A weak binding of a type that is not Sendable is kept only while someone holds it")
    func weakScopeReleases() throws {
        let injector = try Injector(
            modules: [ClockModule(), GreetingModule(scope: .weak)], versions: VersionSelection(default: "v1"))
        let counter = try injector.resolve(BuildCounter.self)
        _ = try injector.resolve(Greeter.self)
        _ = try injector.resolve(Greeter.self)
        #expect(counter.builds == 2)
    }

    @Test("A singleton that is not Sendable closes at shutdown on the main actor, after what holds it")
    func closes() async throws {
        let closed = BuildCounter()
        var order: [String] = []
        let injector = try Injector(modules: [
            TestModule { binder in
                binder.bind(Clock.self, to: SystemClock.init).scope(.singleton).closing { @MainActor _ in
                    closed.builds += 1
                }
                binder.bind(Greeter.self, to: FormalGreeter.init).scope(.singleton).closing { @MainActor greeter in
                    _ = greeter.greet()
                    closed.builds += 10
                }
            }
        ])
        _ = try injector.resolve(Greeter.self)
        let profile = try await injector.shutdown(within: .seconds(300))
        for entry in profile.entries { order.append(entry.key.description) }
        #expect(closed.builds == 11)
        #expect(order == ["Greeter", "Clock"])
    }

    @Test("A child's fake wins, and a strict child refuses the live clock it did not replace")
    func children() throws {
        let injector = try Injector(modules: AppModules.all, versions: VersionSelection(default: "v1"))
        let test = try injector.child(strict: true) { binder in
            binder.bind(Clock.self) { @MainActor in FixedClock(time: 7) }
        }
        #expect(try test.resolve(Greeter.self).greet() == "hello at 7")
        #expect(try injector.resolve(Greeter.self).greet() == "hello at 42")

        let forgetful = try injector.child(strict: true) { _ in }
        let error = #expect(throws: ResolutionError.self) { try forgetful.resolve(Greeter.self) }
        guard case .liveOnly(let site) = error?.reason else {
            Issue.record("expected a live-only refusal, got \(String(describing: error))")
            return
        }
        #expect(site.fileID == "DefaultIsolationTests/NonSendableProtocolTests.swift")
    }

    @Test("Injector.start configures a static module list and builds on the main actor")
    func start() async throws {
        let injector = try await Injector.start(modules: AppModules.all, versions: VersionSelection(default: "v1"))
        #expect(try injector.resolve(Greeter.self).greet() == "hello at 42")
        #expect(try await injector.resolveAsync(APIClient.self).transport.send("/") == "200 /")
    }

    @Test("Off the main actor, the synchronous resolve is a typed error and resolveAsync hops there")
    func offTheMainActor() async throws {
        let injector = try Injector(modules: AppModules.all, versions: VersionSelection(default: "v1"))
        let reason = await Self.reasonOffMainActor(injector)
        guard case .mainActorIsolated = reason else {
            Issue.record("expected the main-actor refusal, got \(String(describing: reason))")
            return
        }
        let api = try await Self.resolveOffMainActor(injector)
        #expect(api.transport.send("/wishlist") == "200 /wishlist")
    }

    @concurrent
    nonisolated private static func reasonOffMainActor(_ injector: Injector) async -> ResolutionError.Reason? {
        do {
            _ = try injector.resolve(APIClient.self)
            return nil
        } catch {
            return error.reason
        }
    }

    @concurrent
    nonisolated private static func resolveOffMainActor(_ injector: Injector) async throws -> APIClient {
        try await injector.resolveAsync(APIClient.self)
    }

    @Test("An asynchronous dependency is awaited before the main-actor factory takes it")
    func asynchronousDependency() async throws {
        let injector = try await Injector.start(modules: [
            ClockModule(),
            TestModule { binder in
                binder.bind(Transport.self) { () async in EmbeddedTransport() }.scope(.singleton)
                binder.bind(APIClient.self, to: APIClient.init)
                binder.bind(Greeter.self) { @MainActor (clock: any Clock, api: APIClient) in FormalGreeter(clock: clock)
                }
            },
        ])
        #expect(try await injector.resolveAsync(APIClient.self).transport.send("/") == "200 /")
        let error = #expect(throws: ResolutionError.self) { try injector.resolve(Greeter.self) }
        guard case .asynchronous(let chain) = error?.reason else {
            Issue.record("expected the asynchronous refusal, got \(String(describing: error))")
            return
        }
        #expect(chain == [.of((any Greeter).self), .of(APIClient.self), .of((any Transport).self)])
        // On the main actor, resolveAsync takes a type that is not Sendable too.
        #expect(try await injector.resolveAsync(Greeter.self).greet() == "good day at 42")
    }

    @Test("An optional that is not Sendable is nil when unbound, resolved or injected")
    func optional() throws {
        let module = TestModule { binder in
            binder.bind(Greeter.self) { @MainActor (clock: (any Clock)?) in
                FormalGreeter(clock: clock ?? FixedClock(time: 0))
            }
        }
        let without = try Injector(modules: [module])
        #expect(try without.resolve((any Clock)?.self) == nil)
        #expect(try without.resolve(Greeter.self).greet() == "good day at 0")
        let with = try Injector(modules: [module, ClockModule()])
        #expect(try with.resolve((any Clock)?.self)?.now() == 42)
        #expect(try with.resolve(Greeter.self).greet() == "good day at 42")
    }

    @Test("A binding that is not isolated and holds one that is is reported as an isolation captive")
    func isolationCaptive() throws {
        let modules: [any Module] = [
            AppModules.all[0], AppModules.all[1],
            TestModule { binder in
                // Sendable, with a Sendable dependency: bound as not isolated, so it may not hold APIClient.
                binder.bind(Reporter.self) { (api: APIClient) in Reporter(time: 0) }
            },
        ]
        let error = #expect(throws: ValidationError.self) { try Injector(modules: modules) }
        #expect(error?.problems.map(\.kind) == [.isolationCaptive])
    }

    @Test("A factory that is not isolated but takes a dependency that is not Sendable is bound on the main actor")
    func nonSendableDependency() throws {
        let injector = try Injector(modules: [
            ClockModule(),
            TestModule { binder in binder.bind(Reporter.self) { (clock: any Clock) in Reporter(time: 42) } },
        ])
        #expect(try injector.resolve(Reporter.self).time == 42)
        #expect(injector.explain(Reporter.self).binding?.isMainActorIsolated == true)
    }
}

/// A type whose factory is not isolated, needing a clock that is.
nonisolated struct Reporter: Sendable { let time: Int }

/// A module made of a closure.
struct TestModule: Module {
    let body: @Sendable (Binder) -> Void
    init(_ body: @escaping @Sendable (Binder) -> Void) { self.body = body }
    func configure(_ binder: Binder) { body(binder) }
}

/// Counts the greetings it passes on: a decorator class, @MainActor like every class here.
final class CountingGreeter: Greeter {
    let inner: any Greeter
    let counter: BuildCounter
    init(_ inner: any Greeter, counter: BuildCounter) {
        self.inner = inner
        self.counter = counter
    }
    func greet() -> String { "[\(counter.builds)] " + inner.greet() }
}

@Suite("Decorators isolated to the main actor, in an app target with default isolation")
struct MainActorDecoratorTests {
    @Test(
        "A @MainActor decorator wraps a main-actor binding of a type that is not Sendable, in each scope",
        arguments: [Scope.transient, .singleton, .weak, .session])
    func decorates(scope: Scope) throws {
        let injector = try Injector(
            modules: [
                ClockModule(), GreetingModule(scope: scope),
                TestModule { binder in
                    binder.decorate(Greeter.self, with: CountingGreeter.init)
                    binder.decorate(Greeter.self) { @MainActor (inner: any Greeter) in Shouting(inner) }
                },
            ], versions: VersionSelection(default: "v1"))
        let greeter = try injector.resolve(Greeter.self)
        #expect(greeter.greet() == "[1] HELLO AT 42!")
        #expect(greeter is Shouting)
        #expect((greeter as AnyObject === (try injector.resolve(Greeter.self) as AnyObject)) == (scope != .transient))
    }

    @Test("A child's @MainActor spy wraps the parent's binding for the child alone")
    func childSpy() throws {
        let injector = try Injector(modules: AppModules.all, versions: VersionSelection(default: "v1"))
        let spied = try injector.child { binder in
            binder.decorate(Greeter.self) { @MainActor (inner: any Greeter) in Shouting(inner) }
        }
        #expect(try spied.resolve(Greeter.self).greet() == "HELLO AT 42!")
        #expect(try injector.resolve(Greeter.self).greet() == "hello at 42")
    }

    @Test("A @MainActor decorator of a binding that is not built on the main actor is an isolation captive")
    func notIsolated() throws {
        let modules: [any Module] = [
            TestModule { binder in
                binder.bind(Reporter.self) { Reporter(time: 1) }
                binder.decorate(Reporter.self) { @MainActor (inner: Reporter) in Reporter(time: inner.time + 1) }
            }
        ]
        let error = #expect(throws: ValidationError.self) { try Injector(modules: modules) }
        #expect(error?.problems.map(\.kind) == [.isolationCaptive])
        #expect(
            error?.problems.first?.message
                == "isolation captive: Reporter is not built by a synchronous factory on the main actor, but its decorator is isolated to the main actor"
        )
        #expect(
            error?.problems.first?.fix
                == "bind Reporter on the main actor: to a @MainActor initializer, bind(Reporter.self, to: Impl.init), "
                + "to a closure that says so, bind(Reporter.self) { @MainActor in … }, or with bind(_:onMainActor:); "
                + "or make the decorator not isolated")
    }
}

/// Shouts what it wraps.
final class Shouting: Greeter {
    let inner: any Greeter
    init(_ inner: any Greeter) { self.inner = inner }
    func greet() -> String { inner.greet().uppercased() + "!" }
}
