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
/// selection that names v3, run through the container against the embedded backend, which serves
/// V3's routes and envelope from the wire ``ImplV3Module`` contributes, and V3's e-mail route
/// through ``V3BackendModule``. No file outside this folder changes.
@Suite("A third generation is one module")
struct GenerationV3Tests {
    /// The shipped modules plus V3's. The selection is explicit: with none, the container serves
    /// each type's latest version, which would be v3 for the app too.
    private static func injector(_ versions: VersionSelection) throws -> Injector {
        try TestGraph([ImplV1Module(), ImplV2Module(), ImplV3Module(), V3BackendModule()], versions: versions)
            .injector
    }

    @Test("v3 serves its customer logic, its cart and its links; everything else falls back to v2, and v1's catalogue")
    func fallback() throws {
        let injector = try Self.injector(VersionSelection(default: "v3"))
        #expect(try injector.resolve(CartService.self) is CartServiceV3)
        #expect(injector.explain(CartService.self).binding?.version == "v3")
        #expect(try injector.resolve(CustomerLogic.self) is CustomerLogicV3)
        #expect(injector.explain(CustomerLogic.self).binding?.version == "v3")
        #expect(try injector.resolve(WishlistService.self) is WishlistServiceV2)
        #expect(try injector.resolve(ProductCatalog.self) is ProductCatalogV1)
        #expect(
            try injector.resolve([any LoginLink].self).map { "\(type(of: $0))" }
                == ["GestureLink", "ConfirmGestureLink", "BindCardLink", "PayPasswordLink", "ConfirmEmailLink"])
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
                .answering(.setPayPassword, with: "123456").answering(.confirmEmail, with: "ada@example.com"))
        #expect(
            first.steps == [
                .loggedIn, .gesturePasswordCreated, .gesturePasswordConfirmed, .cardBound, .payPasswordSet,
                .emailConfirmed,
            ])
        #expect(first.stop == nil)
        #expect(first.generation == "v3")

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

    @Test("V3's own branch, confirming an e-mail address, over V3's own envelope: declined, refused, confirmed, kept")
    func emailBranch() async throws {
        let injector = try Self.injector(VersionSelection(default: "v3"))
        try await injector.registerCustomer()
        let logic = try await injector.resolveAsync(CustomerLogic.self)
        let others = LoginBranches.answering(gesture: "1235").answering(.confirmGesturePassword, with: "1235")
            .answering(.bindCard, with: BankCard(number: "4242424242424242", holder: "Ada"))
            .answering(.setPayPassword, with: "123456")
        let declined = try await logic.login(mobile: "13800000001", password: "correct horse", branches: others)
        #expect(declined.stop == .declined(.confirmEmail))
        #expect(
            try await injector.resolveAsync(CustomerRecordStore.self).record(for: "13800000001").pendingOperation
                == .confirmEmail)
        let refused = try await logic.login(
            mobile: "13800000001", password: "correct horse", branches: others.answering(.confirmEmail, with: "ada"))
        #expect(
            refused.stop
                == .failed(
                    .confirmEmail, .refused(.validationFailed, message: "an e-mail address looks like ada@example.com"))
        )
        let confirmed = try await logic.login(
            mobile: "13800000001", password: "correct horse",
            branches: others.answering(.confirmEmail, with: "ada@example.com"))
        #expect(confirmed.steps == [.loggedIn, .gesturePasswordKept, .gesturePasswordConfirmed, .emailConfirmed])
        #expect(confirmed.stop == nil)
        let kept = try await logic.login(mobile: "13800000001", password: "correct horse", branches: others)
        #expect(kept.steps == [.loggedIn, .gesturePasswordKept, .gesturePasswordConfirmed, .emailKept])

        // V3's envelope, as the wire carries it.
        let answer = try await injector.resolveAsync(Transport.self).send(WireRequest(method: "GET", path: "/v3/email"))
        #expect(
            String(decoding: answer.body, as: UTF8.self)
                == #"{"data":null,"detail":"log in first","result":"LOGIN_EXPIRED"}"#)
    }

    @Test("The embedded backend serves /v3 from V3's contributed wire, beside /v1 and /v2, whatever the selection")
    func servedFromTheWire() async throws {
        for selection in ["v1", "v3"] {
            let injector = try Self.injector(VersionSelection(default: selection))
            let server = try injector.resolve(EmbeddedServer.self)
            #expect(server.routePrefixes == ["/v1", "/v2", "/v3"])
            // Unsigned, and answered in V3's envelope.
            let products = try await injector.resolve(Transport.self).send(
                WireRequest(method: "GET", path: "/v3/products?page=9"))
            #expect(
                String(decoding: products.body, as: UTF8.self)
                    == #"{"data":null,"detail":"page 9 does not exist; there are 5","result":"NOT_FOUND"}"#)
        }
    }

    @Test("V3 words its own steps and operations beside V1's and V2's, whatever the selection")
    func wording() throws {
        for selection in ["v2", "v3"] {
            let byGeneration = try Self.injector(VersionSelection(default: selection))
                .resolve([String: LoginWording].self)
            #expect(byGeneration.keys.sorted() == ["v1", "v2", "v3"])
            let wording = LoginWording(merging: byGeneration)
            #expect(wording.describe(.emailConfirmed) == "e-mail address confirmed")
            #expect(wording.need(.confirmEmail) == "an e-mail address")
            #expect(wording.describe(.cardBound) == "bank card bound")
        }
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
