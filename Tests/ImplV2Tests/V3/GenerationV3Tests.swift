import Backend
import Client
import Container
import ImplV1
import ImplV2
import Protocols
import Testing
import TestSupport
import WireFormat

/// Adding a generation is one module: ``ImplV3Module`` next to the shipped ones, and a
/// selection that names v3, run through the container against the embedded backend.
@Suite("A third generation is one module")
struct GenerationV3Tests {
    /// The shipped modules plus V3's. The selection is explicit: with none, the container serves
    /// each type's latest version, which would be v3 for the app too.
    private static func injector(_ versions: VersionSelection) throws -> Injector {
        try TestGraph([ImplV1Module(), ImplV2Module(), ImplV3Module()], versions: versions).injector
    }

    @Test("v3 serves its cart and adds its link; everything else falls back to v2, and v1's catalogue")
    func fallback() throws {
        let injector = try Self.injector(VersionSelection(default: "v3"))
        #expect(try injector.resolve(CartService.self) is CartServiceV3)
        #expect(injector.explain(CartService.self).binding?.version == "v3")
        #expect(try injector.resolve(CustomerLogic.self) is CustomerLogicV2)
        #expect(injector.explain(CustomerLogic.self).binding?.fallbackFor == "v3")
        #expect(try injector.resolve(WishlistService.self) is WishlistServiceV2)
        #expect(try injector.resolve(ProductCatalog.self) is ProductCatalogV1)
        #expect(
            try injector.resolve([any LoginLink].self).map { "\(type(of: $0))" }
                == ["GestureLink", "ConfirmGestureLink", "BindCardLink", "PayPasswordLink"])
    }

    @Test("The full v3 login chain runs V3's link between V1's and V2's, and the V3 cart keeps its limit")
    func loginAndCart() async throws {
        let injector = try Self.injector(VersionSelection(default: "v3"))
        try await injector.registerCustomer()
        let logic = try await injector.resolveAsync(CustomerLogic.self)
        let first = try await logic.login(
            mobile: "13800000001", password: "correct horse",
            branches: .answering(gesture: "1235").answering(.confirmGesturePassword, with: "1235")
                .answering(.bindCard, with: BankCard(number: "4242424242424242", holder: "Ada"))
                .answering(.setPayPassword, with: "123456"))
        #expect(
            first.steps == [.loggedIn, .gesturePasswordCreated, .gesturePasswordConfirmed, .cardBound, .payPasswordSet])
        #expect(first.stop == nil)

        let cart = try await injector.resolveAsync(CartService.self)
        _ = try await cart.add(productID: "p1", quantity: 1)
        _ = try await cart.add(productID: "p2", quantity: 1)
        let full = try await cart.add(productID: "p7", quantity: 3)
        #expect(full.lines.map(\.productID) == ["p1", "p2", "p7"])
        // The V2 server's totals and promotions, through the V2 wire.
        #expect(full.discount > 0 && full.total == full.subtotal - full.discount)
        await #expect(
            throws: ServiceError.invalidInput(
                "a V3 cart holds at most 3 different products; remove one before adding p3")
        ) {
            _ = try await cart.add(productID: "p3", quantity: 1)
        }
        #expect(try await cart.add(productID: "p1", quantity: 1).lines.first { $0.productID == "p1" }?.quantity == 2)
        _ = try await cart.remove(productID: "p2")
        #expect(try await cart.add(productID: "p3", quantity: 1).lines.count == 3)
        #expect(try await cart.clear().lines.isEmpty)
    }

    @Test("A wrong confirmation fails V3's link, stays pending, and the next login resumes there")
    func wrongConfirmation() async throws {
        let injector = try Self.injector(VersionSelection(default: "v3"))
        try await injector.registerCustomer()
        let logic = try await injector.resolveAsync(CustomerLogic.self)
        let mistyped = LoginBranches.answering(gesture: "1235").answering(.confirmGesturePassword, with: "9876")
        let failed = try await logic.login(mobile: "13800000001", password: "correct horse", branches: mistyped)
        #expect(failed.steps == [.loggedIn, .gesturePasswordCreated])
        #expect(failed.stop?.operation == .confirmGesturePassword)
        #expect(
            try await injector.resolveAsync(CustomerRecordStore.self).record(for: "13800000001").pendingOperation
                == .confirmGesturePassword)
        let resumed = try await logic.login(
            mobile: "13800000001", password: "correct horse",
            branches: .answering(gesture: "1235").answering(.confirmGesturePassword, with: "1235"))
        #expect(resumed.steps == [.loggedIn, .gesturePasswordKept, .gesturePasswordConfirmed])
        #expect(resumed.stop == .declined(.bindCard))
    }

    @Test("Per-service mixing reaches v3 too: the V3 cart in a v2 app, whose login chain has no V3 link")
    func mixing() async throws {
        let injector = try Self.injector(VersionSelection(default: "v2", overrides: [.of(CartService.self): "v3"]))
        try await injector.registerCustomer()
        let result = try await injector.resolveAsync(CustomerLogic.self)
            .login(mobile: "13800000001", password: "correct horse", branches: .answering(gesture: "1235"))
        #expect(result.steps == [.loggedIn, .gesturePasswordCreated])
        #expect(try await injector.resolveAsync(CartService.self) is CartServiceV3)
        #expect(try await injector.resolveAsync(CartService.self).add(productID: "p7", quantity: 1).discount > 0)
    }
}
