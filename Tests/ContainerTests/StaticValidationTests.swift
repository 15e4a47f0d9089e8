import Container
import Testing

private protocol PriceList: Sendable {}
private protocol Checkout: Sendable {}
private protocol Ledger: Sendable {}
private final class ListPrices: PriceList {}
private final class CheckoutV1: Checkout { init(pricing: any PriceList) {} }
private final class CheckoutV2: Checkout {}
private final class OpenedLedger: Ledger {}

/// Counts the factories that run, so a test can say none did.
private let built = Counter()

/// v1's checkout needs pricing, which v2 retires; v2's checkout needs none. Each selection of
/// one generation validates, but pinning checkout to v1 under v2 does not. The ledger is an
/// eager singleton, synchronous in one form and asynchronous in the other: validation must
/// open neither.
private struct ShopModule: Module {
    var asynchronousLedger = false
    func configure(_ binder: Binder) {
        binder.bind(PriceList.self) { () -> any PriceList in
            built.next()
            return ListPrices()
        }.version("v1")
        binder.retire(PriceList.self, from: "v2")
        binder.bind(Checkout.self) { (pricing: any PriceList) -> any Checkout in
            built.next()
            return CheckoutV1(pricing: pricing)
        }
        .version("v1")
        binder.bind(Checkout.self) { () -> any Checkout in
            built.next()
            return CheckoutV2()
        }.version("v2")
        if asynchronousLedger {
            binder.bind(Ledger.self) { () async -> any Ledger in
                built.next()
                return OpenedLedger()
            }.scope(.eagerSingleton)
        } else {
            binder.bind(Ledger.self) { () -> any Ledger in
                built.next()
                return OpenedLedger()
            }.scope(.eagerSingleton)
        }
    }
}

@Suite("Validation without building: one selection, and every selection a graph implies", .serialized)
struct StaticValidationTests {
    @Test("Validating modules runs no factory, not even an eager singleton's, synchronous or asynchronous")
    func runsNoFactory() throws {
        let before = built.value
        for asynchronous in [false, true] {
            try Injector.validate(
                modules: [ShopModule(asynchronousLedger: asynchronous)], versions: .init(default: "v2"))
            try Injector.validate(modules: [ShopModule(asynchronousLedger: asynchronous)])
            let graph = Injector.graph(modules: [ShopModule(asynchronousLedger: asynchronous)])
            #expect(graph.nodes.first { $0.key == .of((any Ledger).self) }?.isAsynchronous == asynchronous)
            #expect(VersionSelection.implied(by: graph).count == 6)
            // Two of its selections have problems (see below); finding them builds nothing either.
            #expect(throws: SelectionValidationError.self) {
                try Injector.validateEverySelection(modules: [ShopModule(asynchronousLedger: asynchronous)])
            }
        }
        #expect(built.value == before)
    }

    @Test("Validating modules reports every problem that building them would throw")
    func reportsProblems() throws {
        let modules: [any Module] = [
            ShopModule(),
            TestModule { binder in
                binder.bind(String.self) { (_: any Clock, _: any Transport) in "" }
            },
        ]
        let error = #expect(throws: ValidationError.self) { try Injector.validate(modules: modules) }
        #expect(error?.problems.map(\.kind) == [.missingBinding, .missingBinding])
        #expect(error?.problems.map(\.related) == [[.of((any Clock).self)], [.of((any Transport).self)]])
        let built = #expect(throws: ValidationError.self) { _ = try Injector(modules: modules) }
        #expect(error?.description == built?.description)
    }

    @Test(
        "Every selection: each version as default, and each service pinned to its other versions, each problem under its selection"
    )
    func everySelection() throws {
        let error = #expect(throws: SelectionValidationError.self) {
            try Injector.validateEverySelection(modules: [ShopModule()])
        }
        #expect(error?.checked.description == "every combination of 2 services across v1–v2 (4 selections)")
        // v1's checkout with the pricing that v2 retires: one problem, under the selection with the
        // fewest overrides that shows it.
        #expect(error?.failures.map(\.selection.description) == ["v1 (PriceList=v2)"])
        let problem = try #require(error?.failures.last?.problems.first)
        #expect(problem.kind == .notServed)
        #expect(problem.subject == .of((any Checkout).self))
        #expect(problem.notServed?.retirement?.version == "v2")
        #expect(error?.failures.first?.problems.first?.notServed?.origin == .override(.of((any PriceList).self)))
        #expect(
            error?.description.contains(
                """
                versions v1 (PriceList=v2):
                error: Checkout needs PriceList, which is not served under v2 (run-time selection for PriceList): retired in v2 (ContainerTests/StaticValidationTests.swift:
                """) == true)
        #expect(
            error?.description.hasSuffix(
                "1 problem in the dependency graph\n\n1 problem, under the selection that shows it, among every combination of 2 services across v1–v2 (4 selections)"
            ) == true)
    }

    @Test("One problem under one selection is counted in the singular")
    func oneFailure() throws {
        let error = #expect(throws: SelectionValidationError.self) {
            try Injector.validateEverySelection(modules: [
                TestModule { binder in
                    binder.bind(APIClient.self, to: APIClient.init).version("v2")
                    binder.bind(APIClient.self) { APIClient(transport: FakeTransport()) }.version("v1")
                    binder.bind(Transport.self, to: FakeTransport.init).version("v2")
                }
            ])
        }
        #expect(error?.failures.map(\.selection.description) == ["v1 (APIClient=v2)"])
        #expect(
            error?.description.hasSuffix(
                "\n\n1 problem, under the selection that shows it, among every combination of 2 services across v1–v2 (4 selections)"
            )
                == true)
    }

    @Test("A graph whose every selection validates returns what it covered")
    func allValid() throws {
        let checked = try Injector.validateEverySelection(modules: [VersionedShop()])
        #expect(checked.versions == ["v1", "v2", "v2.1"])
        #expect(checked.services == [.of((any CartService).self), .of((any WishlistService).self)])
        #expect(checked.combinations.value == 9)
        let graph = Injector.graph(modules: [VersionedShop()], versions: .init(default: "v1"))
        #expect(VersionSelection.implied(by: graph).count == 8)
        #expect(graph.versionedServices == [.of((any CartService).self), .of((any WishlistService).self)])
        #expect(graph.boundVersions(of: .of((any CartService).self)) == ["v1", "v2"])
        #expect(graph.key(displayedAs: "WishlistService") == .of((any WishlistService).self))
        #expect(graph.key(displayedAs: "Wishlist") == nil)
    }

    @Test("A graph without versions implies one selection, the latest, and it is checked")
    func unversioned() throws {
        #expect(
            try Injector.validateEverySelection(modules: [
                TestModule { binder in
                    binder.bind(Clock.self, to: SystemClock.init)
                }
            ]).description == "the one selection of a graph that declares no versions")
        let error = #expect(throws: SelectionValidationError.self) {
            try Injector.validateEverySelection(modules: [
                TestModule { binder in binder.bind(String.self) { (_: any Clock) in "" } }
            ])
        }
        #expect(error?.failures.map(\.selection) == [.latest])
    }
}
