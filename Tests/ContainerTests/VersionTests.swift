import Container
import Testing

@Suite("Versioned implementations")
struct VersionTests {
    private func shop(_ versions: VersionSelection) throws -> Injector {
        try Injector(modules: [NetworkModule(), ShopV1Module(), ShopV2Module()], versions: versions)
    }

    @Test("The selected version is served when it is bound")
    func exactVersion() throws {
        #expect(try shop(.init(default: "v1")).resolve(CartService.self).version == "v1")
        #expect(try shop(.init(default: "v2")).resolve(CartService.self).version == "v2")
    }

    @Test("Without a binding of the selected version, the highest below it serves")
    func fallsBackToHighestBelow() throws {
        let injector = try shop(.init(default: "v2"))
        // ShopV2Module binds only what changed: the wishlist stays V1.
        #expect(try injector.resolve(WishlistService.self).version == "v1")
        #expect(try shop(.init(default: "v7")).resolve(CartService.self).version == "v2")
    }

    @Test("Versions compare by number, so v10 is above v9")
    func numericOrder() throws {
        let injector = try makeInjector(versions: .init(default: "v10")) { binder in
            binder.bind(String.self, toInstance: "nine").version("v9")
            binder.bind(String.self, toInstance: "ten").version("v10")
            binder.bind(String.self, toInstance: "two-one").version("v2.1")
        }
        #expect(try injector.resolve(String.self) == "ten")
        let between = try makeInjector(versions: .init(default: "v2.5")) { binder in
            binder.bind(String.self, toInstance: "two").version("v2")
            binder.bind(String.self, toInstance: "two-one").version("v2.1")
            binder.bind(String.self, toInstance: "three").version("v3")
        }
        #expect(try between.resolve(String.self) == "two-one")
    }

    @Test("A binding without a version serves every selection, below any versioned one")
    func unversionedServesAll() throws {
        let injector = try makeInjector(versions: .init(default: "v1")) { binder in
            binder.bind(String.self, toInstance: "base")
            binder.bind(String.self, toInstance: "two").version("v2")
        }
        #expect(try injector.resolve(String.self) == "base")
        let newer = try makeInjector(versions: .init(default: "v2")) { binder in
            binder.bind(String.self, toInstance: "base")
            binder.bind(String.self, toInstance: "two").version("v2")
        }
        #expect(try newer.resolve(String.self) == "two")
    }

    @Test("A per-service override beats the default version")
    func perServiceOverride() throws {
        let injector = try shop(.init(default: "v2", overrides: [.of(CartService.self): "v1"]))
        #expect(try injector.resolve(CartService.self).version == "v1")
        let mixed = try shop(.init(default: "v1", overrides: [.of(CartService.self): "v2"]))
        #expect(try mixed.resolve(CartService.self).version == "v2")
    }

    @Test("Overriding a version that is not the first bound for its type replaces that version, and only that one")
    func overridingLaterVersion() throws {
        final class FakeCartV2: CartService { let version = "v2 fake" }
        let module = TestModule { binder in
            binder.bind(CartService.self, to: CartV1.init).version("v1")
            binder.bind(CartService.self, to: CartV2.init).version("v2")
            binder.bind(CartService.self) { FakeCartV2() }.version("v2").overriding()
            binder.bind(APIClient.self, to: APIClient.init)
            binder.bind(Transport.self, to: FakeTransport.init)
            binder.bind(Clock.self, to: SystemClock.init)
        }
        for versions in [VersionSelection.latest, .init(default: "v2"), .init(default: "v3")] {
            let injector = try Injector(modules: [module], versions: versions)
            let served = try injector.resolve(CartService.self).version
            #expect(served == "v2 fake", "under \(versions)")
        }
        let older = try Injector(modules: [module], versions: .init(default: "v1"))
        #expect(try older.resolve(CartService.self).version == "v1")
    }

    @Test("With no selection given, each type is served by its latest bound version")
    func latestWithoutSelection() throws {
        let injector = try Injector(modules: [NetworkModule(), ShopV1Module(), ShopV2Module()])
        #expect(injector.versions == .latest)
        #expect(injector.versions.defaultVersion == nil)
        #expect(injector.versions.description == "latest")
        #expect(try injector.resolve(CartService.self).version == "v2")
        // Only V1 binds the wishlist, so V1 is its latest.
        #expect(try injector.resolve(WishlistService.self).version == "v1")
        let cart = injector.explain(CartService.self)
        #expect(cart.reason == "no selection given, so the latest bound version, v2")
        #expect(cart.binding?.fallbackFor == nil)
        #expect(injector.explain(WishlistService.self).reason == "no selection given, so the latest bound version, v1")
        let unversioned = try makeInjector(versions: .latest) { binder in
            binder.bind(String.self, toInstance: "base")
            binder.bind(Int.self, toInstance: 1)
            binder.bind(Int.self, toInstance: 2).version("v2")
            binder.bind(Int.self, toInstance: 10).version("v10")
            binder.bind(Int.self, toInstance: 9).version("v9")
        }
        #expect(try unversioned.resolve(String.self) == "base")
        #expect(unversioned.explain(String.self).reason == "bound without a version, so it serves every selection")
        #expect(try unversioned.resolve(Int.self) == 10)
    }

    @Test("With no selection given, decorators and contributions are their latest versions too")
    func latestDecoratorsAndItems() throws {
        let body: @Sendable (Binder) -> Void = { binder in
            binder.bind(String.self, toInstance: "cart")
            binder.decorate(String.self) { (inner: String) in inner + "+v1" }.id("trace").version("v1")
            binder.decorate(String.self) { (inner: String) in inner + "+v2" }.id("trace").version("v2")
            binder.decorate(String.self) { (inner: String) in inner + "+always" }
            binder.contribute(Int.self, id: "one") { 1 }.version("v1")
            binder.contribute(Int.self, id: "two") { 2 }.version("v2")
            binder.contribute(Int.self, id: "base") { 0 }
        }
        let latest = try makeInjector(versions: .latest, body)
        #expect(try latest.resolve(String.self) == "cart+v2+always")
        #expect(try latest.resolve([Int].self).sorted() == [0, 1, 2])
        let first = try makeInjector(versions: .init(default: "v1"), body)
        #expect(try first.resolve(String.self) == "cart+v1+always")
        #expect(try first.resolve([Int].self).sorted() == [0, 1])
    }

    @Test("With no selection given, a child's versioned bindings and decorators are its latest too")
    func latestInChildren() throws {
        let parent = try makeInjector(versions: .latest) { binder in
            binder.bind(String.self, toInstance: "one").version("v1")
            binder.bind(String.self, toInstance: "two").version("v2")
        }
        #expect(try parent.resolve(String.self) == "two")
        let child = try parent.child(strict: true) { binder in
            binder.bind(String.self, toInstance: "child one").version("v1")
            binder.bind(String.self, toInstance: "child three").version("v3")
            binder.decorate(String.self) { (inner: String) in inner + "+v1" }.id("spy").version("v1")
            binder.decorate(String.self) { (inner: String) in inner + "+v2" }.id("spy").version("v2")
        }
        #expect(child.versions == .latest)
        #expect(try child.resolve(String.self) == "child three+v2")
        #expect(child.explain(String.self).reason == "overridden by the child injector")
        #expect(try parent.resolve(String.self) == "two")
    }

    @Test("An app's build default serves below its run-time selections, and explain tells them apart")
    func appBuildDefault() throws {
        let build = VersionSelection.buildDefault("v1")
        #expect(build.isBuildDefault)
        #expect(build.description == "v1")
        #expect(!VersionSelection(default: "v1").isBuildDefault)
        #expect(!VersionSelection.latest.isBuildDefault)
        let injector = try shop(build)
        #expect(try injector.resolve(CartService.self).version == "v1")
        #expect(injector.explain(CartService.self).reason == "selected v1 (build default); bound in that version")
        let mixed = try shop(.buildDefault("v1", overrides: [.of(CartService.self): "v2"]))
        #expect(mixed.versions.description == "v1 (CartService=v2)")
        #expect(try mixed.resolve(CartService.self).version == "v2")
        #expect(
            mixed.explain(CartService.self).reason
                == "selected v2 (run-time selection for CartService); bound in that version")
        #expect(mixed.explain(WishlistService.self).reason == "selected v1 (build default); bound in that version")
    }

    @Test("explain says which binding, version and scope serve a type, and why")
    func explain() throws {
        let injector = try shop(.init(default: "v2"))
        let wishlist = injector.explain(WishlistService.self)
        #expect(wishlist.binding?.version == "v1")
        #expect(wishlist.binding?.fallbackFor == "v2")
        #expect(wishlist.reason == "selected v2 (run-time default); no v2 binding, so the highest below it, v1")
        let cart = injector.explain(CartService.self)
        #expect(cart.reason == "selected v2 (run-time default); bound in that version")
        #expect(cart.candidates.count == 2)
        #expect(cart.description.contains("  candidates: v1 (ContainerTests/Fixtures.swift:"))
        #expect(cart.description.contains("  needs: APIClient, Clock"))
        let pinned = try shop(.init(default: "v2", overrides: [.of(CartService.self): "v1"]))
        #expect(
            pinned.explain(CartService.self).reason
                == "selected v1 (run-time selection for CartService); bound in that version")
        let unbound = injector.explain(Session.self)
        #expect(unbound.binding == nil)
        #expect(
            unbound.description
                == "Session: nothing binds it; bind Session in one of the modules given to Injector(modules:)")
    }

    @Test("A type bound only in a later version is not served under an earlier one, which alone is no problem")
    func notServedAlone() throws {
        let line = #line + 4
        let injector = try makeInjector(versions: .init(default: "v1")) { binder in
            binder.bind(Transport.self, to: FakeTransport.init)
            binder.bind(APIClient.self, to: APIClient.init)
            binder.bind(CartService.self, to: CartV2.init).version("v2")
            binder.bind(Clock.self, to: SystemClock.init)
        }
        let missing = try #require(injector.graph.notServed.first)
        #expect(injector.graph.notServed.count == 1)
        #expect(missing.key == .of(CartService.self))
        #expect(missing.selectedVersion == "v1")
        #expect(missing.origin == .runTimeDefault)
        #expect(missing.retirement == nil)
        #expect(missing.laterBindings.map(\.version) == ["v2"])
        #expect(missing.laterBindings.map(\.site.line) == [line])
        #expect(
            missing.description
                == "CartService: not served under v1 (run-time default): bound only in v2 (ContainerTests/VersionTests.swift:\(line))"
        )
        #expect(injector.graph.nodes.map(\.key).contains(.of(CartService.self)) == false)
        #expect(injector.graph.unbound.isEmpty)
    }

    @Test("An override naming an unbound service, and malformed versions, are reported")
    func badSelections() throws {
        let found = try problems(versions: .init(default: "v1", overrides: [.of(Session.self): "v2"])) { binder in
            binder.bind(String.self, toInstance: "x").version("beta")
        }
        #expect(found.map(\.kind) == [.invalidVersion, .unsatisfiableVersion])
        #expect(found[0].message == "invalid version \"beta\" on the binding of String")
        #expect(found[1].message == "the version selection names Session (v2), but nothing binds Session")
        #expect(found[0].site?.fileID == "ContainerTests/VersionTests.swift" && found[1].site == nil)
        #expect(found[1].related == [.of(Session.self)])
        let badDefault = try problems(versions: .init(default: "latest")) { binder in
            binder.bind(String.self, toInstance: "x").version("v1")
            binder.bind(Int.self, toInstance: 1).version("v1")
        }
        #expect(badDefault.map(\.message) == ["invalid selected version \"latest\" (run-time default)"])
    }

    @Test("A selection describes itself compactly")
    func selectionDescription() {
        #expect(VersionSelection(default: "v2").description == "v2")
        #expect(
            VersionSelection(default: "v2", overrides: [.of(CartService.self): "v1"]).description
                == "v2 (CartService=v1)")
    }
}
