import Client
import Container
import Cryptography
import Foundation
import ImplV1
import ImplV2
import Protocols
import Synchronization
import Testing
import TestSupport
import WireFormat

/// Answers every request with a success envelope carrying what the route's client expects,
/// and records the requests.
final class RecordingTransport: Transport {
    private let sent = Mutex<[WireRequest]>([])
    var requests: [String] { sent.withLock { $0.map { "\($0.method) \($0.path)" } } }
    var signed: [Bool] { sent.withLock { $0.map { $0.headers[RequestSigner.signatureHeader] != nil } } }

    func send(_ request: WireRequest) async throws(TransportError) -> WireResponse {
        sent.withLock { $0.append(request) }
        let v1 = request.path.hasPrefix("/v1")
        let format: EnvelopeFormat = v1 ? .v1 : .v2
        let route = String(request.path.dropFirst(3).split(separator: "?")[0])
        let customer = Customer(
            mobile: "13800000001", hasGesturePassword: true, hasBankCard: true, hasPayPassword: true)
        let body: Data
        switch route {
        case "/login":
            body = format.encode(
                Envelope(
                    code: .success, message: "",
                    payload: LoginAnswer(token: "t", expiresAt: 2_000_000_000, customer: customer)))
        case "/register", "/gesture/update":
            body = format.encode(Envelope(code: .success, message: "", payload: customer))
        case "/cart", "/cart/add", "/cart/remove", "/cart/clear":
            body =
                v1
                ? format.encode(Envelope(code: .success, message: "", payload: CartLinesAnswer(lines: [])))
                : format.encode(
                    Envelope(code: .success, message: "", payload: Cart(lines: [], subtotal: 0, discount: 0, total: 0)))
        case "/cart/batch":
            body = format.encode(
                Envelope(code: .success, message: "", payload: Cart(lines: [], subtotal: 0, discount: 0, total: 0)))
        case "/wishlist":
            body =
                v1
                ? format.encode(
                    Envelope(
                        code: .success, message: "", payload: WishlistPageAnswer(items: [], page: 1, hasMore: false)))
                : format.encode(
                    Envelope(code: .success, message: "", payload: WishlistCursorAnswer(items: [], nextCursor: nil)))
        case "/wishlist/has":
            body = format.encode(Envelope(code: .success, message: "", payload: ContainsAnswer(contains: true)))
        case "/products":
            body = format.encode(
                Envelope(code: .success, message: "", payload: ProductPage(items: [], page: 1, pageCount: 1)))
        default: body = format.encode(Envelope(code: .success, message: "", payload: Empty()))
        }
        return WireResponse(status: 200, body: Array(body))
    }
}

@Suite("Every protocol method, with a fake transport injected")
struct WireRouteTests {
    private func exercise(_ versions: VersionSelection) async throws -> RecordingTransport {
        let transport = RecordingTransport()
        let injector = try await Injector.start(
            modules: [ClientModule(secret: [1]), ImplV1Module(), ImplV2Module(), MemoryStoresModule()],
            versions: versions, validating: false
        )
        .child(strict: true) { binder in
            binder.bind(Transport.self, toInstance: transport)
            binder.bind(WallClock.self, toInstance: TestClock())
        }
        let logic = try await injector.resolveAsync(CustomerLogic.self)
        let cart = try await injector.resolveAsync(CartService.self)
        let wishlist = try await injector.resolveAsync(WishlistService.self)
        try await logic.requestSMSCode(mobile: "13800000001")
        _ = try await logic.register(mobile: "13800000001", password: "correct horse", smsCode: "123456")
        _ = try await logic.login(mobile: "13800000001", password: "correct horse", branches: .declining)
        try await logic.verifyGesture("1235")
        try await logic.updateGesture(from: "1235", to: "5321")
        try await logic.forgetGesture()
        _ = try await cart.cart()
        _ = try await cart.add(productID: "p1", quantity: 1)
        _ = try await cart.remove(productID: "p1")
        _ = try await cart.clear()
        _ = try await wishlist.page(at: nil)
        try await wishlist.add(productID: "p1")
        try await wishlist.remove(productID: "p1")
        _ = try await wishlist.contains(productID: "p1")
        _ = try await injector.resolveAsync(ProductCatalog.self).products(page: 2)
        try await logic.logout()
        return transport
    }

    @Test("V1 sends each operation to its /v1 route, one request per cart change, unsigned")
    func v1Routes() async throws {
        let transport = try await exercise(VersionSelection(default: "v1"))
        #expect(
            transport.requests == [
                "POST /v1/sms", "POST /v1/register", "POST /v1/login", "POST /v1/gesture/verify",
                "POST /v1/gesture/update",
                "GET /v1/cart", "POST /v1/cart/add", "POST /v1/cart/remove", "POST /v1/cart/clear",
                "GET /v1/wishlist?page=1", "POST /v1/wishlist/add", "POST /v1/wishlist/remove",
                "GET /v1/wishlist/has?productID=p1",
                "GET /v1/products?page=2", "POST /v1/logout",
            ])
        #expect(!transport.signed.contains(true))
    }

    @Test("V2 sends each operation to its /v2 route, cart changes as batches, every request signed")
    func v2Routes() async throws {
        let transport = try await exercise(VersionSelection(default: "v2"))
        #expect(
            transport.requests == [
                "POST /v2/sms", "POST /v2/register", "POST /v2/login", "POST /v2/gesture/verify",
                "POST /v2/gesture/update",
                "GET /v2/cart", "POST /v2/cart/batch", "POST /v2/cart/batch", "POST /v2/cart/batch",
                "GET /v2/wishlist", "POST /v2/wishlist/add", "POST /v2/wishlist/remove",
                "GET /v2/wishlist/has?productID=p1",
                "GET /v1/products?page=2", "POST /v2/logout",
            ])
        #expect(transport.signed == transport.requests.map { $0.contains("/v2/") })
    }

    @Test("A V1 app with the V2 cart: the cart speaks V2 — /v2 routes, batches, signed — and nothing else does")
    func mixedRoutes() async throws {
        let transport = try await exercise(VersionSelection(default: "v1", overrides: [.of(CartService.self): "v2"]))
        #expect(
            transport.requests == [
                "POST /v1/sms", "POST /v1/register", "POST /v1/login", "POST /v1/gesture/verify",
                "POST /v1/gesture/update",
                "GET /v2/cart", "POST /v2/cart/batch", "POST /v2/cart/batch", "POST /v2/cart/batch",
                "GET /v1/wishlist?page=1", "POST /v1/wishlist/add", "POST /v1/wishlist/remove",
                "GET /v1/wishlist/has?productID=p1",
                "GET /v1/products?page=2", "POST /v1/logout",
            ])
        #expect(transport.signed == transport.requests.map { $0.contains("/v2/") })
    }
}

@Suite("The generations' login wording")
struct GenerationWordingTests {
    @Test(
        "Every selection words both generations' steps and operations: each module contributes its own, unversioned",
        arguments: ["v1", "v2"])
    func contributed(selection: String) throws {
        let graph = try TestGraph([ImplV1Module(), ImplV2Module()], default: selection)
        let byGeneration = try graph.injector.resolve([String: LoginWording].self)
        #expect(byGeneration == ["v1": .v1, "v2": .v2])
        let wording = LoginWording(merging: byGeneration)
        #expect(wording.describe(.gesturePasswordKept) == "gesture password kept from the server")
        #expect(wording.describe(.cardBound) == "bank card bound")
        #expect(wording.need(.createGesturePassword) == "a gesture password")
        #expect(wording.need(.setPayPassword) == "a payment PIN")
    }
}
