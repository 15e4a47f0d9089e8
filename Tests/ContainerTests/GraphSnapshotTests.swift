import Container
import Foundation
import Testing

private struct Shop: Module {
    var cartScope = Scope.transient
    var withWishlist = true
    var retireWishlistFrom: String?
    func configure(_ binder: Binder) {
        binder.bind(CartService.self, to: CartV1.init).version("v1").scope(cartScope)
        binder.bind(CartService.self, to: CartV2.init).version("v2").scope(cartScope)
        if withWishlist { binder.bind(WishlistService.self, to: WishlistV1.init).version("v1") }
        if let retireWishlistFrom { binder.retire(WishlistService.self, from: retireWishlistFrom) }
        binder.bind(APIClient.self, to: APIClient.init)
        binder.bind(Transport.self, to: FakeTransport.init).liveOnly()
        binder.bind(Clock.self, to: SystemClock.init)
        binder.contribute(String.self, id: "a") { "a" }
    }
}

@Suite("Graph snapshots and their diff")
struct GraphSnapshotTests {
    private func snapshot(_ versions: VersionSelection = .init(default: "v2"), _ modules: any Module...)
        -> GraphSnapshot
    {
        Injector.graph(modules: modules, versions: versions).snapshot
    }

    @Test("A snapshot lists services by name, with no line numbers, whatever the module order")
    func deterministic() throws {
        let one = snapshot(.init(default: "v2"), Shop(), TestModule { binder in binder.bind(Int.self, toInstance: 1) })
        let other = snapshot(
            .init(default: "v2"), TestModule { binder in binder.bind(Int.self, toInstance: 1) }, Shop())
        #expect(one == other)
        #expect(one.services.map(\.id) == one.services.map(\.id).sorted())
        let cart = try #require(one.services.first { $0.id == "CartService" })
        #expect(
            cart.version == "v2" && cart.versions == ["v1", "v2"]
                && cart.file == "ContainerTests/GraphSnapshotTests.swift")
        #expect(cart.dependencies == ["APIClient", "Clock"])
        let list = try #require(one.services.first { $0.id == "[String]" })
        #expect(list.items == ["String[a]"] && list.dependencies.isEmpty)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = try encoder.encode(one)
        #expect(try JSONDecoder().decode(GraphSnapshot.self, from: data) == one)
        #expect(!String(decoding: data, as: UTF8.self).contains(".swift:"))
    }

    @Test("An unchanged graph has no changes; each kind of change is reported as a value")
    func changes() {
        let base = snapshot(.init(default: "v2"), Shop())
        #expect(base.changes(from: base).isEmpty)
        let longer = snapshot(.init(default: "v2"), Shop(cartScope: .singleton))
        #expect(
            longer.changes(from: base) == [
                .scopeChanged("CartService", from: "transient", to: "singleton", longer: true)
            ])
        #expect(
            base.changes(from: longer) == [
                .scopeChanged("CartService", from: "singleton", to: "transient", longer: false)
            ])
        #expect(
            base.changes(from: longer).map(\.description) == [
                "~ CartService: scope singleton -> transient (lives shorter)"
            ])
        let v1 = snapshot(.init(default: "v1"), Shop())
        #expect(
            v1.changes(from: base) == [
                .versionChanged("CartService", from: "v2", to: "v1"), .dependencyRemoved("CartService", "Clock"),
            ])
        let retired = snapshot(.init(default: "v2"), Shop(retireWishlistFrom: "v2"))
        #expect(retired.changes(from: base) == [.notServed("WishlistService", why: "retired in v2")])
        #expect(retired.changes(from: base).map(\.description) == ["! WishlistService: not served (retired in v2)"])
        let later = snapshot(.init(default: "v2"), Shop(retireWishlistFrom: "v3"))
        #expect(later.changes(from: base) == [.versionsDeclared("WishlistService", added: ["retired v3"], removed: [])])
        let without = snapshot(.init(default: "v2"), Shop(withWishlist: false))
        #expect(without.changes(from: base) == [.serviceRemoved("WishlistService")])
        #expect(base.changes(from: without) == [.serviceAdded("WishlistService")])
        let more = snapshot(
            .init(default: "v2"), Shop(),
            TestModule { binder in
                binder.contribute(String.self, id: "b") { "b" }
                binder.decorate(CartService.self) { (inner: any CartService) in inner }.id("trace")
            })
        let anonymous = snapshot(
            .init(default: "v2"), Shop(),
            TestModule { binder in
                binder.decorate(CartService.self) { (inner: any CartService) in inner }.version("v2")
            })
        #expect(
            anonymous.changes(from: base) == [
                .decoratorAdded("CartService", "decorator in ContainerTests/GraphSnapshotTests.swift v2")
            ])
        #expect(
            more.changes(from: base) == [
                .decoratorAdded("CartService", "trace"), .serviceAdded("String[b]"),
                .contributionAdded("[String]", "String[b]"),
            ])
    }

    /// The DocC article's line is its compiled example's, which VersionsSnippetsExampleTests checks.
    @Test("The lines the article \"Validation and Introspection\" shows are the changes' own descriptions")
    func documentedLines() throws {
        let article = try repositoryText("Sources/Container/Container.docc/ValidationAndIntrospection.md")
        let scope = GraphChange.scopeChanged("CartService", from: "transient", to: "session", longer: true).description
        #expect(scope == "~ CartService: scope transient -> session (lives longer)")
        #expect(article.contains("\n\(scope)\n+ PaymentService\n```"))
        #expect(GraphChange.serviceAdded("PaymentService").description == "+ PaymentService")
    }

    @Test("A child's snapshot shows what its overrides and retirements change, and its parent's is unchanged")
    func child() throws {
        let parent = try Injector(modules: [Shop()], versions: .init(default: "v2"))
        let before = parent.graph.snapshot
        let child = try parent.child(strict: true) { binder in
            binder.bind(Transport.self, to: LiveTransport.init)
            binder.bind(Clock.self) { FixedClock(now: 1) }.scope(.singleton)
            binder.retire(WishlistService.self, from: "v1")
        }
        #expect(
            child.graph.snapshot.changes(from: before) == [
                .scopeChanged("Clock", from: "transient", to: "singleton", longer: true),
                .liveOnlyChanged("Transport", to: false),
                .notServed("WishlistService", why: "retired in v1"),
            ])
        #expect(parent.graph.snapshot == before)
    }
}
