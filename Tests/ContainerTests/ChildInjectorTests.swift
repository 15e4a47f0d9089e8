import Container
import Testing

/// A store that opens asynchronously and keeps the clock it was opened with.
private final class ClockedStore: Sendable {
    let clock: any Clock
    init(clock: any Clock) { self.clock = clock }

    static func open(clock: any Clock) async -> ClockedStore {
        await Task.yield()
        return ClockedStore(clock: clock)
    }
}

/// Needs the store built first, so it is asynchronous too.
private final class StoreReport: Sendable {
    let store: ClockedStore
    init(store: ClockedStore) { self.store = store }
}

@Suite("Child injectors")
struct ChildInjectorTests {
    private func shop() throws -> Injector {
        try Injector(modules: [NetworkModule(), ShopV1Module(), ShopV2Module()], versions: .init(default: "v2"))
    }

    @Test("A child's binding shadows the parent's, all the way down the graph")
    func childShadowsParent() throws {
        let parent = try shop()
        let child = try parent.child { binder in binder.bind(Transport.self, to: FakeTransport.init) }
        let cart = try #require(try child.resolve(CartService.self) as? CartV2)
        #expect(cart.api.transport.name == "fake")
    }

    @Test("The parent never changes")
    func parentUnchanged() throws {
        let parent = try shop()
        _ = try parent.child { binder in binder.bind(Transport.self, to: FakeTransport.init) }
        #expect(try parent.resolve(Transport.self).name == "live")
        #expect(try parent.resolve(APIClient.self).transport.name == "live")
    }

    @Test("A child made from modules shadows the parent too")
    func childFromModules() throws {
        struct FakeNetwork: Module {
            func configure(_ binder: Binder) {
                binder.bind(Transport.self, to: FakeTransport.init)
                binder.bind(Clock.self, toInstance: FixedClock(now: 5))
            }
        }
        let child = try shop().child(modules: [FakeNetwork()])
        #expect(try child.resolve(Clock.self).now == 5)
        #expect(try child.resolve(Transport.self).name == "fake")
    }

    @Test("The parent's live singletons are shared, not rebuilt")
    func singletonsShared() throws {
        let counter = Counter()
        let parent = try makeInjector { binder in
            binder.bind(Session.self) { Session(serial: counter.next()) }.scope(.singleton)
            binder.bind(Clock.self, to: SystemClock.init)
        }
        let before = try parent.resolve(Session.self)
        let child = try parent.child { binder in binder.bind(Clock.self, toInstance: FixedClock(now: 1)) }
        #expect(try child.resolve(Session.self) === before)
        #expect(counter.value == 1)
    }

    @Test("A singleton first built through a child is then shared with the parent")
    func singletonBuiltInChildIsShared() throws {
        let parent = try makeInjector { binder in
            binder.bind(Session.self) { Session(serial: 1) }.scope(.singleton)
        }
        let child = try parent.child { binder in binder.bind(Clock.self, toInstance: FixedClock(now: 1)) }
        #expect(try child.resolve(Session.self) === parent.resolve(Session.self))
    }

    @Test("A singleton that depends on an overridden binding is rebuilt in the child, so the fake wins")
    func affectedSingletonRebuilt() throws {
        let parent = try makeInjector { binder in
            binder.bind(Transport.self, to: LiveTransport.init)
            binder.bind(APIClient.self, to: APIClient.init).scope(.singleton)
        }
        let live = try parent.resolve(APIClient.self)
        let child = try parent.child { binder in binder.bind(Transport.self, to: FakeTransport.init) }
        #expect(try child.resolve(APIClient.self).transport.name == "fake")
        #expect(try parent.resolve(APIClient.self) === live)
        #expect(live.transport.name == "live")
    }

    @Test(
        "A child that overrides a dependency of the parent's async singleton gives its own dependants the child's rebuilt singleton, the one child.resolveAsync returns"
    )
    func childDependantOfRebuiltAsyncSingleton() async throws {
        let parent = try await Injector.start(modules: [
            TestModule { binder in
                binder.bind(Clock.self, to: SystemClock.init)
                binder.bind(ClockedStore.self) { (clock: any Clock) async in await ClockedStore.open(clock: clock) }
                    .scope(.singleton)
            }
        ])
        let parentStore = try await parent.resolveAsync(ClockedStore.self)
        let child = try await parent.startChild { binder in
            binder.bind(Clock.self, toInstance: FixedClock(now: 1))
            binder.bind(StoreReport.self, to: StoreReport.init)
        }
        // The dependant first, so that it builds the child's singleton through its own edge.
        let report = try await child.resolveAsync(StoreReport.self)
        #expect(
            report.store.clock.now == 1,
            "the child's dependant got the parent's singleton, built over the parent's clock")
        #expect(try await child.resolveAsync(ClockedStore.self) === report.store)
        #expect(try await child.resolveAsync(StoreReport.self).store === report.store)
        #expect(try await parent.resolveAsync(ClockedStore.self) === parentStore)
        #expect(parentStore.clock.now == 1_000)
    }

    @Test("A child's override wins over every version selection")
    func childBeatsVersions() throws {
        let parent = try Injector(
            modules: [NetworkModule(), ShopV1Module(), ShopV2Module()],
            versions: .init(default: "v1", overrides: [.of(CartService.self): "v2"]))
        struct FakeCart: CartService { let version = "fake" }
        let child = try parent.child { binder in binder.bind(CartService.self, toInstance: FakeCart()) }
        #expect(try child.resolve(CartService.self).version == "fake")
        #expect(child.explain(CartService.self).reason == "overridden by the child injector")
        #expect(child.graph.nodes.first { $0.key == .of(CartService.self) }?.isOverridden == true)
    }

    @Test("A child's own override of an earlier version than the one selected is shown as a fallback for it")
    func childOverrideOfEarlierVersion() throws {
        struct FakeCart: CartService { let version = "fake v1" }
        let parent = try shop()
        let line = #line + 2
        let child = try parent.child { binder in
            binder.bind(CartService.self, toInstance: FakeCart()).version("v1")
            binder.bind(CartService.self, toInstance: FakeCart()).version("v3")
        }
        // The child picks among its own versions by the parent's selection, v2: its v1.
        #expect(try child.resolve(CartService.self).version == "fake v1")
        let node = try #require(child.graph.nodes.first { $0.key == .of(CartService.self) })
        #expect(node.version == "v1")
        #expect(node.fallbackFor == "v2")
        #expect(node.isOverridden)
        #expect(
            child.graph.rendered(as: .text).contains(
                "\nCartService [v1 (fallback for v2), instance, overridden] ContainerTests/ChildInjectorTests.swift:\(line)\n"
            ))
        let explanation = child.explain(CartService.self)
        #expect(explanation.binding?.fallbackFor == "v2")
        #expect(explanation.reason == "overridden by the child injector")
        #expect(explanation.candidates.map(\.version) == ["v1", "v3"])
        #expect(explanation.candidates.map(\.isSelected) == [true, false])
        // An override of the selected version itself stands in for nothing.
        let exact = try parent.child { binder in binder.bind(CartService.self, toInstance: FakeCart()).version("v2") }
        #expect(exact.graph.nodes.first { $0.key == .of(CartService.self) }?.fallbackFor == nil)
        #expect(exact.graph.rendered(as: .text).contains("\nCartService [v2, instance, overridden] "))
    }

    @Test("A child can bind what the parent lacked, fixing the parent's graph")
    func childCompletesGraph() throws {
        let parent = try makeInjector(validating: false) { binder in binder.bind(APIClient.self, to: APIClient.init) }
        #expect(throws: ValidationError.self) { try parent.validate() }
        let child = try parent.child { binder in binder.bind(Transport.self, to: FakeTransport.init) }
        #expect(try child.resolve(APIClient.self).transport.name == "fake")
    }

    @Test("A child with a problem of its own fails to build and names it")
    func childValidates() throws {
        let parent = try shop()
        let error = #expect(throws: ValidationError.self) {
            _ = try parent.child { binder in
                binder.bind(Transport.self, to: FakeTransport.init)
                binder.bind(Transport.self, to: LiveTransport.init)
            }
        }
        #expect(error?.problems.map(\.kind) == [.duplicateBinding])
    }

    @Test("A strict child refuses a live-only binding it did not override, naming who needed it")
    func strictRefusesLiveOnly() throws {
        let test = try shop().child(strict: true) { binder in
            binder.bind(Transport.self, to: FakeTransport.init)
        }
        let error = #expect(throws: ResolutionError.self) { try test.resolve(CartService.self) }
        #expect(error?.key == .of(Clock.self))
        #expect(error?.path.map(\.key) == [.of(CartService.self), .of(Clock.self)])
        guard case .liveOnly = error?.reason else {
            Issue.record("expected liveOnly")
            return
        }
        #expect(test.explain(Clock.self).isRefused)
    }

    @Test("A strict child builds everything once its live-only bindings are faked")
    func strictWithFakes() throws {
        let test = try shop().child(strict: true) { binder in
            binder.bind(Transport.self, to: FakeTransport.init)
            binder.bind(Clock.self, toInstance: FixedClock(now: 3))
        }
        let cart = try #require(try test.resolve(CartService.self) as? CartV2)
        #expect(cart.clock.now == 3)
        #expect(cart.api.transport.name == "fake")
    }

    @Test("A lenient child of a strict child still refuses what neither overrode")
    func strictnessInherited() throws {
        let strict = try shop().child(strict: true) { binder in binder.bind(Transport.self, to: FakeTransport.init) }
        let grandchild = try strict.child { binder in binder.bind(WishlistService.self, to: WishlistV1.init) }
        #expect(throws: ResolutionError.self) { try grandchild.resolve(Clock.self) }
        #expect(try grandchild.resolve(Transport.self).name == "fake")
    }
}

extension ChildInjectorTests {
    /// A child finds what it does not bind in its parent's table, where a built singleton is
    /// read without calling its producer; what a strict child refuses is its own producer, so
    /// the parent's built instance must never reach it.
    @Test(
        "A live-only singleton the parent built already is still refused by a strict child, directly and as a dependency"
    )
    func strictRefusesBuiltLiveOnlySingleton() throws {
        let parent = try makeInjector { binder in
            binder.bind(Session.self) { Session(serial: 1) }.scope(.singleton).liveOnly()
            binder.bind(Transport.self, to: LiveTransport.init).scope(.singleton)
            binder.bind(APIClient.self, to: APIClient.init).scope(.singleton)
        }
        let session = try parent.resolve(Session.self)
        let api = try parent.resolve(APIClient.self)
        let strict = try parent.child(strict: true) { _ in }
        let refused = #expect(throws: ResolutionError.self) { try strict.resolve(Session.self) }
        #expect(refused.map { if case .liveOnly = $0.reason { true } else { false } } == true)
        // What the strict child does not refuse, it shares with its parent.
        #expect(try strict.resolve(APIClient.self) === api)
        #expect(try parent.resolve(Session.self) === session)
        let lenient = try parent.child { _ in }
        #expect(try lenient.resolve(Session.self) === session)
    }
}
