import Backend
import Container
import ImplV1
import ImplV2
import Protocols
import Testing
import TestSupport

@Suite("V2 against the embedded backend")
struct ImplV2Tests {
    /// Both generations with v2 selected, once 13800000001 is registered and logged in with a
    /// gesture, a card and a payment PIN.
    private func loggedIn() async throws -> TestGraph {
        try await TestGraph([ImplV1Module(), ImplV2Module()], default: "v2").loggedIn(
            .answering(gesture: "1235").answering(.bindCard, with: .valid).answering(.setPayPassword, with: "123456"))
    }

    @Test("The full chain: gesture, bind card, payment PIN; the next login has nothing left")
    func fullChain() async throws {
        let graph = try TestGraph([ImplV1Module(), ImplV2Module()], default: "v2")
        try await graph.injector.registerCustomer()
        let first = try await graph.logic.login(
            mobile: "13800000001", password: "correct horse",
            branches: .answering(gesture: "1235").answering(.bindCard, with: .valid).answering(
                .setPayPassword, with: "123456"))
        #expect(first.steps == [.loggedIn, .gesturePasswordCreated, .cardBound, .payPasswordSet])
        #expect(first.stop == nil)
        #expect(
            first.customer
                == Customer(mobile: "13800000001", hasGesturePassword: true, hasBankCard: true, hasPayPassword: true))
        let second = try await graph.logic.login(
            mobile: "13800000001", password: "correct horse", branches: .declining)
        #expect(second.steps == [.loggedIn, .gesturePasswordKept])
    }

    @Test("Declining the card stops the chain there; the next login resumes with the card")
    func declineCardThenResume() async throws {
        let graph = try TestGraph([ImplV1Module(), ImplV2Module()], default: "v2")
        try await graph.injector.registerCustomer()
        let declined = try await graph.logic.login(
            mobile: "13800000001", password: "correct horse",
            branches: .answering(gesture: "1235").answering(.setPayPassword, with: "123456"))
        #expect(declined.steps == [.loggedIn, .gesturePasswordCreated])
        #expect(declined.stop == .declined(.bindCard))
        let resumed = try await graph.logic.login(
            mobile: "13800000001", password: "correct horse",
            branches: LoginBranches().answering(.bindCard, with: .valid).answering(.setPayPassword, with: "123456"))
        #expect(resumed.steps == [.loggedIn, .gesturePasswordKept, .cardBound, .payPasswordSet])
    }

    @Test("A PIN the rules refuse fails the last branch and stays pending")
    func failedPIN() async throws {
        let graph = try TestGraph([ImplV1Module(), ImplV2Module()], default: "v2")
        try await graph.injector.registerCustomer()
        let result = try await graph.logic.login(
            mobile: "13800000001", password: "correct horse",
            branches: .answering(gesture: "1235").answering(.bindCard, with: .valid).answering(
                .setPayPassword, with: "12"))
        #expect(result.stop == .failed(.setPayPassword, .invalidInput("the payment PIN must be 6 digits")))
        #expect(
            try await graph.injector.resolveAsync(CustomerRecordStore.self).record(for: "13800000001")
                .pendingOperation == .setPayPassword)
    }

    @Test("The server totals the cart with promotions")
    func serverTotals() async throws {
        let graph = try await loggedIn()
        let cart = try await graph.cart.add(productID: "p7", quantity: 3)
        // The seeded catalogue's p7 is a Pear bag at 4.13 with 10% off: 3 × 4.13 = 12.39, less
        // 1.23 (10%, rounded down to the cent).
        #expect(cart.lines == [CartLine(productID: "p7", name: "Pear bag", unitPrice: 413, quantity: 3)])
        #expect(cart.subtotal == 1_239)
        #expect(cart.discount == 123)
        #expect(cart.total == 1_116)
        #expect(try await graph.cart.cart() == cart)
        #expect(try await graph.cart.clear().lines.isEmpty)
    }

    @Test("A batch whose answer was lost is retried with its key and applied once")
    func retryAppliesOnce() async throws {
        let graph = try await loggedIn()
        let losing = try await graph.injector.startChild { binder in
            binder.bind(Transport.self) { (handler: any RequestHandler) in
                LosingTransport(inner: EmbeddedTransport(handler: handler))
            }
            .scope(.singleton)
        }
        let cart = try await losing.resolveAsync(CartService.self).add(productID: "p1", quantity: 2)
        #expect(cart.lines.map(\.quantity) == [2])
    }

    @Test("8 tasks adding to one cart through lossy retries lose and duplicate nothing")
    func concurrentRetries() async throws {
        let graph = try await loggedIn()
        let losing = try await graph.injector.startChild { binder in
            binder.bind(Transport.self) { (handler: any RequestHandler) in
                LosingTransport(inner: EmbeddedTransport(handler: handler))
            }
            .scope(.singleton)
        }
        let cart = try await losing.resolveAsync(CartService.self)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for task in 0..<8 {
                group.addTask {
                    for _ in 0..<5 { _ = try await cart.add(productID: "p\(task % 4 + 1)", quantity: 1) }
                }
            }
            try await group.waitForAll()
        }
        let final = try await cart.cart()
        #expect(final.lines.map(\.quantity).reduce(0, +) == 40)
        #expect(final.lines.count == 4)
        #expect(final.lines.allSatisfy { $0.quantity == 10 })
    }

    @Test("The wishlist pages by cursor and refuses a page number")
    func wishlistCursor() async throws {
        let graph = try await loggedIn()
        for number in 1...15 { try await graph.wishlist.add(productID: "p\(number)") }
        let first = try await graph.wishlist.page(at: nil)
        let second = try await graph.wishlist.page(at: first.next)
        #expect(first.items.count + second.items.count == 15)
        #expect(second.next == nil)
        await #expect(throws: ServiceError.invalidInput("the V2 wishlist pages by cursor; use --cursor, not --page")) {
            _ = try await graph.wishlist.page(at: .page(2))
        }
    }

    @Test("V2 binds only what changed: the catalogue falls back to V1's")
    func fallback() async throws {
        let graph = try TestGraph([ImplV1Module(), ImplV2Module()], default: "v2")
        #expect(try await graph.injector.resolveAsync(ProductCatalog.self) is ProductCatalogV1)
        #expect(graph.injector.explain(ProductCatalog.self).binding?.fallbackFor == "v2")
        #expect(try graph.logic is CustomerLogicV2)
    }

    @Test("Per-service selection mixes generations: V1 app with the V2 cart")
    func mixing() async throws {
        let graph = try TestGraph(
            [ImplV1Module(), ImplV2Module()],
            versions: VersionSelection(default: "v1", overrides: [.of(CartService.self): "v2"]))
        #expect(try graph.logic is CustomerLogicV1)
        #expect(try graph.cart is CartServiceV2)
        try await graph.injector.registerCustomer()
        _ = try await graph.logic.login(
            mobile: "13800000001", password: "correct horse", branches: .answering(gesture: "1235"))
        // A V1 session token works on V2 routes: one backend, one account.
        #expect(try await graph.cart.add(productID: "p7", quantity: 1).discount > 0)
    }

    @Test("V1's customer logic in a v2 app runs V1's flow: the gesture link, and no card or PIN")
    func v1FlowInAV2App() async throws {
        let graph = try TestGraph(
            [ImplV1Module(), ImplV2Module()],
            versions: VersionSelection(default: "v2", overrides: [.of(CustomerLogic.self): "v1"]))
        #expect(try graph.logic is CustomerLogicV1)
        try await graph.injector.registerCustomer()
        let result = try await graph.logic.login(
            mobile: "13800000001", password: "correct horse", branches: .answering(gesture: "1235"))
        #expect(result.generation == "v1")
        #expect(result.steps == [.loggedIn, .gesturePasswordCreated])
        #expect(result.stop == nil)
    }

    @Test("Every version selection of the app's modules validates")
    func everySelectionValidates() throws {
        let checked = try Injector.validateEverySelection(
            modules: TestGraph.modules([ImplV1Module(), ImplV2Module()]))
        // Each versioned service at either generation, independently of the others.
        #expect(
            checked.services.map(\.description) == [
                "CustomerLogic", "CartService", "WishlistService", "ProductCatalog", "LoginLink", "PaymentService",
            ])
        #expect(checked.description == "every combination of 6 services across v1–v2 (64 selections)")
    }
}
