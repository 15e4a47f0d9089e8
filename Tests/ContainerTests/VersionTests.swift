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

    @Test("Without a selection the build's default serves: v2 with trait ImplV2, else v1")
    func buildDefault() throws {
        #if ImplV2
        #expect(VersionSelection.buildDefaultVersion == "v2")
        #else
        #expect(VersionSelection.buildDefaultVersion == "v1")
        #endif
        let injector = try Injector(modules: [NetworkModule(), ShopV1Module(), ShopV2Module()])
        #expect(injector.versions.isBuildDefault)
        #expect(try injector.resolve(CartService.self).version == VersionSelection.buildDefaultVersion)
        #expect(!VersionSelection(default: "v1").isBuildDefault)
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
        #expect(pinned.explain(CartService.self).reason == "selected v1 (run-time selection for CartService); bound in that version")
        let unbound = injector.explain(Session.self)
        #expect(unbound.binding == nil)
        #expect(unbound.description == "Session: nothing binds it; bind Session in one of the modules given to Injector(modules:)")
    }

    @Test("A selection below every bound version is reported with what is bound")
    func unsatisfiableSelection() throws {
        let found = try problems(versions: .init(default: "v1")) { binder in
            binder.bind(Transport.self, to: FakeTransport.init)
            binder.bind(APIClient.self, to: APIClient.init)
            binder.bind(CartService.self, to: CartV2.init).version("v2")
            binder.bind(Clock.self, to: SystemClock.init)
        }
        #expect(found.map(\.kind) == [.unsatisfiableVersion])
        #expect(found.first?.message == "no binding of CartService serves version v1")
        #expect(found.first?.notes == ["bound versions: v2"])
    }

    @Test("An override naming an unbound service, and malformed versions, are reported")
    func badSelections() throws {
        let found = try problems(versions: .init(default: "v1", overrides: [.of(Session.self): "v2"])) { binder in
            binder.bind(String.self, toInstance: "x").version("beta")
        }
        #expect(found.map(\.kind) == [.invalidVersion, .unsatisfiableVersion])
        #expect(found[0].message == "invalid version \"beta\" on the binding of String")
        #expect(found[1].message == "the version selection names Session (v2), but nothing binds Session")
        let badDefault = try problems(versions: .init(default: "latest")) { binder in
            binder.bind(String.self, toInstance: "x").version("v1")
            binder.bind(Int.self, toInstance: 1).version("v1")
        }
        #expect(badDefault.map(\.message) == ["invalid selected version \"latest\" (run-time default)"])
    }

    @Test("A selection describes itself compactly")
    func selectionDescription() {
        #expect(VersionSelection(default: "v2").description == "v2")
        #expect(VersionSelection(default: "v2", overrides: [.of(CartService.self): "v1"]).description == "v2 (CartService=v1)")
    }
}
