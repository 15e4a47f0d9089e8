@testable import Container
import Testing

/// A view model isolated to the main actor, as UI code is: its initializer is `@MainActor`.
@MainActor final class ProfileViewModel {
    let api: APIClient
    let serial: Int
    /// Whether the container knew it was on the main actor when it called the initializer (it
    /// calls it only then; `MainActor.assumeIsolated` would stop the test otherwise).
    let builtOnMainActor: Bool

    init(api: APIClient, counter: Counter) {
        self.api = api
        serial = counter.next()
        builtOnMainActor = MainActorContext.isCurrent
    }
}

/// Another main-actor type that needs the first: isolated over isolated is fine.
@MainActor final class ProfileScreen {
    let model: ProfileViewModel
    init(model: ProfileViewModel) { self.model = model }
}

/// Not isolated, and holds the view model directly: an isolation captive.
final class ProfileCache: Sendable {
    let model: ProfileViewModel
    init(model: ProfileViewModel) { self.model = model }
}

/// Not isolated, and holds the view model through a synchronous provider: a captive too.
final class ProfileRouter: Sendable {
    let model: Provider<ProfileViewModel>
    init(model: Provider<ProfileViewModel>) { self.model = model }
}

/// Not isolated, and holds the view model through an async provider: fine.
final class ProfileLoader: Sendable {
    let model: AsyncProvider<ProfileViewModel>
    init(model: AsyncProvider<ProfileViewModel>) { self.model = model }
}

/// A main-actor type whose dependency is asynchronous, so it is asynchronous too.
@MainActor final class StockBadge {
    let store: Warehouse
    let builtOnMainActor: Bool
    init(store: Warehouse) {
        self.store = store
        builtOnMainActor = MainActorContext.isCurrent
    }
}

/// A main-actor type whose initializer is `async`.
@MainActor final class ProfileGallery {
    let model: ProfileViewModel
    init(model: ProfileViewModel) async {
        await Task.yield()
        self.model = model
    }
}

/// A main-actor header whose initializer asks a provider for something: a synchronous
/// resolve from inside the build of whatever needs the header.
@MainActor final class ProfileHeader {
    let builtOnMainActor: Bool
    init(clock: Provider<any Clock>) throws {
        _ = try clock()
        builtOnMainActor = MainActorContext.isCurrent
    }
}

/// A main-actor footer, built after the header by the page that needs both.
@MainActor final class ProfileFooter {
    let builtOnMainActor: Bool
    init() { builtOnMainActor = MainActorContext.isCurrent }
}

/// A main-actor page with two main-actor dependencies, the first of which resolves inside its build.
@MainActor final class ProfilePage {
    let header: ProfileHeader
    let footer: ProfileFooter
    init(header: ProfileHeader, footer: ProfileFooter) {
        self.header = header
        self.footer = footer
    }
}

protocol Profile: Sendable { var serial: Int { get } }
extension ProfileViewModel: Profile {}

/// The bindings most tests share: a transport, its client, and the main-actor view model.
@discardableResult
private func bindProfile(
    _ binder: Binder, counter: Counter, scope: Scope = .transient
) -> BindingBuilder<ProfileViewModel> {
    binder.bind((any Transport).self, to: LiveTransport.init)
    binder.bind(APIClient.self, to: APIClient.init)
    binder.bind(Counter.self, toInstance: counter)
    return binder.bind(ProfileViewModel.self, onMainActor: ProfileViewModel.init).scope(scope)
}

/// Runs `body` on a thread of the cooperative pool, never the main thread.
private func offMainActor<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) async throws -> T {
    try await Task.detached {
        #expect(!MainActorContext.isCurrent)
        return try await body()
    }.value
}

@Suite("Main-actor bindings")
struct MainActorBindingTests {
    @MainActor
    @Test("On the main actor, a main-actor binding resolves synchronously, built there")
    func resolvesOnMainActor() throws {
        let counter = Counter()
        let injector = try makeInjector { binder in
            bindProfile(binder, counter: counter, scope: .singleton)
            binder.bind(ProfileScreen.self, onMainActor: ProfileScreen.init)
        }
        let model = try injector.resolve(ProfileViewModel.self)
        #expect(model.builtOnMainActor)
        #expect(model.api.transport.name == "live")
        let screen = try injector.resolve(ProfileScreen.self)
        #expect(screen.model === model)
        #expect(counter.value == 1)
    }

    @MainActor
    @Test(
        "On the main actor, a main-actor type whose first main-actor dependency calls a Provider in its initializer resolves: the inner resolve keeps the outer one's mark"
    )
    func providerInsideMainActorBuild() throws {
        let injector = try makeInjector { binder in
            binder.bind((any Clock).self, to: SystemClock.init)
            binder.bind(ProfileHeader.self, onMainActor: ProfileHeader.init)
            binder.bind(ProfileFooter.self, onMainActor: ProfileFooter.init)
            binder.bind(ProfilePage.self, onMainActor: ProfilePage.init)
        }
        let page = try injector.resolve(ProfilePage.self)
        #expect(page.header.builtOnMainActor && page.footer.builtOnMainActor)
    }

    @Test("Off the main actor, the synchronous resolve is a typed error and builds nothing")
    func synchronousResolveOffMainActorThrows() async throws {
        let counter = Counter()
        let body: @Sendable (Binder) -> Void = { binder in
            binder.bind((any Transport).self, to: LiveTransport.init)
            binder.bind(APIClient.self, to: APIClient.init)
            binder.bind(Counter.self, toInstance: counter)
            binder.bind(ProfileViewModel.self, onMainActor: ProfileViewModel.init).scope(.singleton)
        }
        let site = Sites(body)[ProfileViewModel.self]
        let injector = try makeInjector(body)
        let error = try await offMainActor { () throws -> ResolutionError? in
            #expect(throws: ResolutionError.self) { try injector.resolve(ProfileViewModel.self) }
        }
        let thrown = try #require(error)
        guard case .mainActorIsolated = thrown.reason else {
            Issue.record("expected .mainActorIsolated, got \(thrown.reason)")
            return
        }
        #expect(
            thrown.description == """
                error: ProfileViewModel is isolated to the main actor, so the synchronous resolve cannot build it off the main actor [G211]
                  binding ProfileViewModel (\(site))
                  fix: resolve it on the main actor, or, for a Sendable type, with try await injector.resolveAsync(ProfileViewModel.self) elsewhere; a factory that is not on the main actor injects AsyncProvider<ProfileViewModel>
                """)
        #expect(counter.value == 0)
        // Once built on the main actor, it is still refused off it: the answer does not depend on timing.
        let built = try await injector.resolveAsync(ProfileViewModel.self)
        let again = try await offMainActor { () throws -> ResolutionError? in
            #expect(throws: ResolutionError.self) { try injector.resolve(ProfileViewModel.self) }
        }
        #expect(again?.description == thrown.description)
        #expect(built.serial == 1)
    }

    @Test("Off the main actor, await resolve hops to the main actor to build")
    func awaitResolveOffMainActorBuildsOnMain() async throws {
        let counter = Counter()
        let injector = try makeInjector { binder in
            bindProfile(binder, counter: counter)
            binder.bind(ProfileScreen.self, onMainActor: ProfileScreen.init)
            binder.bind(ProfileLoader.self, to: ProfileLoader.init)
        }
        let (model, screen, loaded) = try await offMainActor {
            let loader = try await injector.resolveAsync(ProfileLoader.self)
            return (
                try await injector.resolveAsync(ProfileViewModel.self),
                try await injector.resolveAsync(ProfileScreen.self),
                try await loader.model()
            )
        }
        #expect(model.builtOnMainActor)
        #expect(screen.model.builtOnMainActor)
        #expect(loaded.builtOnMainActor)
        #expect([model.serial, screen.model.serial, loaded.serial] == [1, 2, 3])
    }

    @Test("A main-actor singleton is built once, on the main actor, however many tasks await it")
    func singletonBuiltOnceUnderContention() async throws {
        let counter = Counter()
        let injector = try makeInjector { binder in bindProfile(binder, counter: counter, scope: .singleton) }
        let models = try await withThrowingTaskGroup(of: ProfileViewModel.self) { group in
            for _ in 0..<64 {
                group.addTask { try await injector.resolveAsync(ProfileViewModel.self) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(models.count == 64)
        #expect(models.allSatisfy { $0 === models[0] })
        #expect(counter.value == 1)
        #expect(models[0].builtOnMainActor)
    }

    @Test("A main-actor binding over an asynchronous one awaits it, then builds on the main actor")
    func isolatedOverAsynchronous() async throws {
        let injector = try makeInjector { binder in
            binder.bind(Warehouse.self) { () async in await Warehouse.open(serial: 4) }.scope(.singleton)
            binder.bind(StockBadge.self, onMainActor: StockBadge.init).scope(.singleton)
        }
        let badge = try await offMainActor { try await injector.resolveAsync(StockBadge.self) }
        #expect(badge.builtOnMainActor)
        #expect(badge.store.serial == 4)
        let node = try #require(injector.graph.nodes.first { $0.key == .of(StockBadge.self) })
        #expect(node.isMainActorIsolated && node.isAsynchronous)
        #expect(try await injector.resolveAsync(StockBadge.self) === badge)
    }

    @Test("A type served through .implements of a main-actor binding is isolated with it")
    func implementsOfIsolated() async throws {
        let counter = Counter()
        let injector = try makeInjector { binder in
            bindProfile(binder, counter: counter, scope: .singleton).implements((any Profile).self) { $0 }
        }
        let profile = try await offMainActor { try await injector.resolveAsync((any Profile).self) }
        #expect(profile.serial == 1)
        let error = try await offMainActor { () throws -> ResolutionError? in
            #expect(throws: ResolutionError.self) { try injector.resolve((any Profile).self) }
        }
        #expect(error.map { if case .mainActorIsolated = $0.reason { true } else { false } } == true)
        let node = try #require(injector.graph.nodes.first { $0.key == .of((any Profile).self) })
        #expect(node.isMainActorIsolated)
        #expect(
            injector.explain((any Profile).self).description.contains(
                "isolation: @MainActor, because it serves the instance of ProfileViewModel, which is bound on the main actor"
            ))
    }

    @Test(
        "A main-actor singleton and the type it serves through .implements are one instance, asked for with or without await, on or off the main actor"
    )
    @MainActor
    func implementsOfIsolatedSingletonIsOneInstance() async throws {
        let counter = Counter()
        let injector = try makeInjector { binder in
            bindProfile(binder, counter: counter, scope: .singleton).implements((any Profile).self) { $0 }
        }
        let awaitedProfile = try await offMainActor { try await injector.resolveAsync((any Profile).self) }
        let profile = try injector.resolve((any Profile).self)
        let model = try injector.resolve(ProfileViewModel.self)
        let awaitedModel = try await injector.resolveAsync(ProfileViewModel.self)
        let instances = [profile as AnyObject, awaitedProfile as AnyObject, model, awaitedModel]
        #expect(instances.allSatisfy { $0 === model })
        #expect(counter.value == 1, "the singleton was built \(counter.value) times")
    }

    @Test(
        "A type served through .implements of a main-actor singleton is one instance, decorated once, with or without await"
    )
    @MainActor
    func implementsDecoratedOnce() async throws {
        let counter = Counter()
        let decorations = Counter()
        let injector = try makeInjector { binder in
            bindProfile(binder, counter: counter, scope: .singleton).implements((any Profile).self) { $0 }
            binder.decorate(ProfileViewModel.self) { (inner: ProfileViewModel) in
                _ = decorations.next()
                return inner
            }
        }
        let awaited = try await offMainActor { try await injector.resolveAsync((any Profile).self) }
        let direct = try injector.resolve((any Profile).self)
        let again = try await offMainActor { try await injector.resolveAsync((any Profile).self) }
        #expect(awaited as AnyObject === direct as AnyObject)
        #expect(again as AnyObject === direct as AnyObject)
        #expect(counter.value == 1)
        #expect(decorations.value == 1, "the singleton was decorated \(decorations.value) times")
    }

    @Test("Isolation captives are reported with their paths, together with the other problems")
    func isolationCaptivesReported() throws {
        let found = try problems { binder in
            bindProfile(binder, counter: Counter())
            binder.bind(ProfileCache.self, to: ProfileCache.init)
            binder.bind(ProfileRouter.self, to: ProfileRouter.init)
            binder.bind(ProfileLoader.self, to: ProfileLoader.init)
            binder.bind(ProfileScreen.self, onMainActor: ProfileScreen.init)
            binder.bind(CartService.self, to: CartV2.init)
        }
        #expect(found.map(\.kind) == [.missingBinding, .isolationCaptive, .isolationCaptive])
        #expect(found[1].path.map(\.key) == [.of(ProfileCache.self), .of(ProfileViewModel.self)])
        #expect(found[2].path.map(\.key) == [.of(ProfileRouter.self), .of(ProfileViewModel.self)])
        #expect(found[0].message == "no binding for Clock")
    }

    @Test("Many holders of one main-actor binding, held the same way, are one problem that counts them")
    func isolationCaptivesCollapsed() throws {
        let found = try problems { binder in
            bindProfile(binder, counter: Counter())
            binder.bind(FixedClock.self, toInstance: FixedClock(now: 1))
            binder.bind(Clock.self) { FixedClock(now: 1) }
            binder.bind(ProfileCache.self, to: ProfileCache.init)
            binder.bind(String.self) { (model: ProfileViewModel) in "a" }
            binder.bind(Int.self) { (model: ProfileViewModel) in 1 }
            binder.bind(Double.self) { (model: ProfileViewModel) in 1 }
            binder.bind(Bool.self) { (model: ProfileViewModel) in true }
            binder.bind(ProfileRouter.self, to: ProfileRouter.init)
        }
        #expect(found.map(\.kind) == [.isolationCaptive, .isolationCaptive])
        #expect(found[0].subject == .of(ProfileCache.self))
        #expect(found[0].notes == ["also held by String, Int, Double and 1 more"])
        #expect(found[1].subject == .of(ProfileRouter.self))
        #expect(found[1].notes.isEmpty)
    }

    @Test("A child shares the parent's main-actor binding, or builds its own over what it overrides")
    func childInjectors() async throws {
        let counter = Counter()
        let parent = try makeInjector { binder in bindProfile(binder, counter: counter, scope: .singleton) }
        let child = try await parent.startChild { _ in }
        let fake = try await parent.startChild(strict: true) { binder in
            binder.bind((any Transport).self, toInstance: FakeTransport())
        }
        let (fromParent, fromChild, fromFake) = try await offMainActor {
            (
                try await parent.resolveAsync(ProfileViewModel.self),
                try await child.resolveAsync(ProfileViewModel.self),
                try await fake.resolveAsync(ProfileViewModel.self)
            )
        }
        #expect(fromChild === fromParent)
        #expect(fromFake !== fromParent)
        #expect(fromFake.api.transport.name == "fake")
        #expect(fromFake.builtOnMainActor)
        #expect(counter.value == 2)
        let refused = try await offMainActor { () throws -> ResolutionError? in
            #expect(throws: ResolutionError.self) { try fake.resolve(ProfileViewModel.self) }
        }
        #expect(refused.map { if case .mainActorIsolated = $0.reason { true } else { false } } == true)
        // A child's own binding that holds the parent's main-actor binding is a captive.
        let captive = #expect(throws: ValidationError.self) {
            try parent.child(strict: true) { binder in binder.bind(ProfileCache.self, to: ProfileCache.init) }
        }
        #expect(captive?.problems.map(\.kind) == [.isolationCaptive])
        #expect(captive?.problems.first?.path.map(\.key) == [.of(ProfileCache.self), .of(ProfileViewModel.self)])
        // A strict child never builds a live-only main-actor binding it refuses, so holding it is
        // the live-only error of whoever resolves the holder, not an isolation captive.
        let live = try makeInjector { binder in
            bindProfile(binder, counter: counter)
            binder.bind(ProfileViewModel.self, onMainActor: ProfileViewModel.init).overriding().liveOnly()
        }
        let strict = try await live.startChild(strict: true) { binder in
            binder.bind(ProfileCache.self, to: ProfileCache.init)
        }
        let error = #expect(throws: ResolutionError.self) { try strict.resolve(ProfileCache.self) }
        #expect(error.map { if case .liveOnly = $0.reason { true } else { false } } == true)
    }

    @Test("A main-actor eager singleton is built on the main actor by the async Injector, from anywhere")
    func eagerSingletonAtStartUp() async throws {
        let counter = Counter()
        let injector = try await offMainActor {
            try await Injector.start(modules: [TestModule { bindProfile($0, counter: counter, scope: .eagerSingleton) }]
            )
        }
        #expect(counter.value == 1)
        #expect(injector.startUpProfile.entries.map(\.key) == [.of(ProfileViewModel.self)])
        #expect(try await injector.resolveAsync(ProfileViewModel.self).builtOnMainActor)
        let refused = try await offMainActor { () throws -> ResolutionError? in
            #expect(throws: ResolutionError.self) {
                _ = try Injector(modules: [TestModule { bindProfile($0, counter: counter, scope: .eagerSingleton) }])
            }
        }
        #expect(refused.map { if case .mainActorIsolated = $0.reason { true } else { false } } == true)
        #expect(counter.value == 1)
    }

    @MainActor
    @Test("On the main actor, the synchronous Injector builds a main-actor eager singleton")
    func eagerSingletonOnMainActor() throws {
        let counter = Counter()
        let injector = try Injector(modules: [TestModule { bindProfile($0, counter: counter, scope: .eagerSingleton) }])
        #expect(counter.value == 1)
        #expect(try injector.resolve(ProfileViewModel.self).builtOnMainActor)
        // A child builds its own over what it overrides, on the main actor too.
        let child = try injector.child { $0.bind((any Transport).self, toInstance: FakeTransport()) }
        #expect(try child.resolve(ProfileViewModel.self).api.transport.name == "fake")
        #expect(counter.value == 2)
    }

    @Test("The graph and explain mark main-actor bindings and say why")
    func introspection() throws {
        let injector = try makeInjector { binder in
            bindProfile(binder, counter: Counter())
            binder.bind(ProfileLoader.self, to: ProfileLoader.init)
        }
        #expect(injector.graph.rendered(as: .text).contains("ProfileViewModel [transient, @MainActor] ContainerTests/"))
        #expect(injector.graph.rendered(as: .json).contains(#""mainActor":true"#))
        #expect(!injector.graph.nodes.first { $0.key == .of(ProfileLoader.self) }!.isMainActorIsolated)
        #expect(
            injector.explain(ProfileViewModel.self).description.contains(
                "  isolation: @MainActor, because it is bound on the main actor; resolve it on the main actor, or with try await elsewhere"
            ))
    }

    @Test(
        "Every scope keeps its promise for a main-actor binding, decorated, on and off the main actor",
        arguments: [Scope.transient, .singleton, .eagerSingleton, .session, .weak])
    func everyScope(_ scope: Scope) async throws {
        let counter = Counter()
        let decorations = Counter()
        let injector = try await Injector.start(modules: [
            TestModule { binder in
                bindProfile(binder, counter: counter, scope: scope)
                binder.decorate(ProfileViewModel.self) { (model: ProfileViewModel) in
                    decorations.next()
                    return model
                }
            }
        ])
        let (first, second) = try await offMainActor {
            (
                try await injector.resolveAsync(ProfileViewModel.self),
                try await injector.resolveAsync(ProfileViewModel.self)
            )
        }
        let onMain = try await MainActor.run { try injector.resolve(ProfileViewModel.self) }
        #expect(first.builtOnMainActor && second.builtOnMainActor && onMain.builtOnMainActor)
        let kept = scope != .transient
        #expect((first === second) == kept)
        #expect((first === onMain) == kept)
        #expect(counter.value == (kept ? 1 : 3))
        #expect(decorations.value == counter.value)
        if scope == .session {
            injector.reset(.session)
            let fresh = try await offMainActor { try await injector.resolveAsync(ProfileViewModel.self) }
            #expect(fresh !== first)
            #expect(counter.value == 2)
        }
    }

    @Test("Overloads: onMainActor: and a @MainActor trailing closure isolate; plain factories do not")
    func overloadResolution() throws {
        let injector = try makeInjector { binder in
            binder.bind(APIClient.self, to: APIClient.init)  // plain initializer
            binder.bind((any Transport).self) { LiveTransport() }  // plain closure
            binder.bind(Counter.self, toInstance: Counter())
            binder.bind(ProfileViewModel.self, onMainActor: ProfileViewModel.init)  // @MainActor initializer
            binder.bind(ProfileScreen.self) { @MainActor (model: ProfileViewModel) in  // @MainActor closure
                ProfileScreen(model: model)
            }
        }
        let isolated = Dictionary(
            uniqueKeysWithValues: injector.graph.nodes.map { ($0.key.typeName, $0.isMainActorIsolated) })
        #expect(
            isolated == [
                "APIClient": false, "Transport": false, "Counter": false,
                "ProfileViewModel": true, "ProfileScreen": true,
            ])
    }

    @Test("Named, optional, AsyncLazy and Provider edges meet main-actor bindings")
    func featuresMeet() async throws {
        let counter = Counter()
        let injector = try makeInjector { binder in
            bindProfile(binder, counter: counter, scope: .singleton)
            binder.bind(ProfileViewModel.self, onMainActor: ProfileViewModel.init).named("guest")
            // A main-actor holder may take anything: an optional main-actor binding, a provider.
            binder.bind(ProfileScreen.self) {
                @MainActor (model: ProfileViewModel?, later: Provider<ProfileViewModel>) in
                ProfileScreen(model: try model ?? later())
            }
            binder.bind(ProfileLoader.self) { (later: AsyncLazy<ProfileViewModel>) in
                ProfileLoader(model: AsyncProvider { try await later.value })
            }
        }
        let guest = try await MainActor.run { try injector.resolve(ProfileViewModel.self, named: "guest") }
        let guestElsewhere = try await offMainActor {
            try await injector.resolveAsync(ProfileViewModel.self, named: "guest")
        }
        #expect(guest !== guestElsewhere)
        let shared = try await offMainActor { try await injector.resolveAsync(ProfileLoader.self).model() }
        let screen = try await MainActor.run { try injector.resolve(ProfileScreen.self) }
        #expect(screen.model === shared)
        let provided = try await MainActor.run { try injector.resolve(Provider<ProfileViewModel>.self)() }
        #expect(provided === shared)
        #expect(counter.value == 3)
    }

    @Test("An async main-actor initializer binds with onMainActor: too, and is asynchronous and isolated")
    func asyncMainActorInitializer() async throws {
        let counter = Counter()
        let injector = try makeInjector { binder in
            bindProfile(binder, counter: counter, scope: .singleton)
            binder.bind(ProfileGallery.self, onMainActor: ProfileGallery.init)
        }
        let gallery = try await offMainActor { try await injector.resolveAsync(ProfileGallery.self) }
        #expect(gallery.model.builtOnMainActor)
        let node = try #require(injector.graph.nodes.first { $0.key == .of(ProfileGallery.self) })
        #expect(node.isMainActorIsolated && node.isAsynchronous && node.asynchronousDependency == nil)
        #expect(injector.graph.nodes.first { $0.key == .of(ProfileViewModel.self) }?.isAsynchronous == false)
        let refused = await MainActor.run { () -> ResolutionError? in
            #expect(throws: ResolutionError.self) { try injector.resolve(ProfileGallery.self) }
        }
        #expect(refused.map { if case .asynchronous = $0.reason { true } else { false } } == true)
    }

    @Test("A type forwarded from one version takes the isolation of the version that serves it")
    func forwardFollowsServedIsolation() async throws {
        // Found by the model-based test: the forwarded type kept the isolation of the binding
        // that declared `.implements`, so here validation called it a non-isolated holder of
        // the main-actor v2 emblem.
        let injector = try makeInjector { binder in
            binder.bind((any Emblem).self) { PlainEmblem() as any Emblem }.version("v1")
                .implements((any AnyObject & Sendable).self) { $0 }
            binder.bind((any Emblem).self, onMainActor: { @MainActor in LiveEmblem() as any Emblem }).version("v2")
        }
        let node = try #require(injector.graph.nodes.first { $0.key == .of((any AnyObject & Sendable).self) })
        #expect(node.forwardsTo == .of((any Emblem).self))
        let served = try await offMainActor { try await injector.resolveAsync((any AnyObject & Sendable).self) }
        #expect(served is LiveEmblem)
        let error = #expect(throws: ResolutionError.self) { try Self.resolveSynchronously(injector) }
        #expect(error.map { if case .mainActorIsolated = $0.reason { true } else { false } } == true)
    }

    /// A synchronous resolve off the main actor, which an `async` test would not pick.
    nonisolated private static func resolveSynchronously(_ injector: Injector) throws -> any AnyObject & Sendable {
        try injector.resolve((any AnyObject & Sendable).self)
    }
}

protocol Emblem: AnyObject, Sendable {}
final class PlainEmblem: Emblem {}
@MainActor final class LiveEmblem: Emblem {}

extension MainActorBindingTests {
    /// The fast path of a built singleton reads its cell without calling the producer, whose
    /// synchronous way in is what refuses: a built isolated singleton must still be refused.
    @Test(
        "Once built, an isolated singleton that is asynchronous is still refused by the synchronous resolve, on or off the main actor"
    )
    func builtAsynchronousIsolatedSingletonRefused() async throws {
        let counter = Counter()
        let injector = try makeInjector { binder in
            bindProfile(binder, counter: counter, scope: .singleton)
            binder.bind(ProfileGallery.self, onMainActor: ProfileGallery.init).scope(.singleton)
            binder.bind(Warehouse.self) { () async in await Warehouse.open(serial: 4) }.scope(.singleton)
            binder.bind(StockBadge.self, onMainActor: StockBadge.init).scope(.singleton)
        }
        let (gallery, badge) = try await offMainActor {
            (try await injector.resolveAsync(ProfileGallery.self), try await injector.resolveAsync(StockBadge.self))
        }
        #expect(try await injector.resolveAsync(ProfileGallery.self) === gallery)
        #expect(try await injector.resolveAsync(StockBadge.self) === badge)
        let elsewhere = try await offMainActor { () -> [ResolutionError?] in
            [
                #expect(throws: ResolutionError.self) { try injector.resolve(ProfileGallery.self) },
                #expect(throws: ResolutionError.self) { try injector.resolve(StockBadge.self) },
            ]
        }
        let onMain = await MainActor.run { () -> [ResolutionError?] in
            [
                #expect(throws: ResolutionError.self) { try injector.resolve(ProfileGallery.self) },
                #expect(throws: ResolutionError.self) { try injector.resolve(StockBadge.self) },
            ]
        }
        for error in elsewhere + onMain {
            #expect(error.map { if case .asynchronous = $0.reason { true } else { false } } == true)
        }
        #expect(counter.value == 1)
    }

    @Test(
        "A main-actor singleton built at start-up is still refused off the main actor by the synchronous resolve, from its injector and from a child"
    )
    func builtEagerSingletonRefusedOffMainActor() async throws {
        let counter = Counter()
        let injector = try await offMainActor {
            try await Injector.start(modules: [TestModule { bindProfile($0, counter: counter, scope: .eagerSingleton) }]
            )
        }
        let child = try injector.child { _ in }
        #expect(counter.value == 1)
        let refused = try await offMainActor { () -> [ResolutionError?] in
            [
                #expect(throws: ResolutionError.self) { try injector.resolve(ProfileViewModel.self) },
                #expect(throws: ResolutionError.self) { try child.resolve(ProfileViewModel.self) },
            ]
        }
        for error in refused {
            #expect(error.map { if case .mainActorIsolated = $0.reason { true } else { false } } == true)
        }
        let model = try await MainActor.run { try child.resolve(ProfileViewModel.self) }
        #expect(try await offMainActor { try await child.resolveAsync(ProfileViewModel.self) } === model)
        #expect(counter.value == 1)
    }
}

extension MainActorBindingTests {
    struct WarehouseFlooded: Error {}

    @Test("A main-actor binding over an asynchronous one that fails names itself, then the failed dependency")
    func isolatedOverFailingAsynchronous() async throws {
        let injector = try makeInjector { binder in
            binder.bind(Warehouse.self) { () async throws -> Warehouse in throw WarehouseFlooded() }
            binder.bind(StockBadge.self, onMainActor: StockBadge.init)
        }
        let error = await #expect(throws: ResolutionError.self) { try await injector.resolveAsync(StockBadge.self) }
        #expect(error?.key == .of(Warehouse.self))
        #expect(error?.path.map(\.key) == [.of(StockBadge.self), .of(Warehouse.self)])
    }
}
