import Client
import Container
import ImplV2
import Protocols
import WireFormat

/// A third generation, for tests only: what adding a generation takes. It binds one service,
/// a cart that holds a limited number of different products, and one login link, which asks
/// for the gesture password once more after it is set or kept; both as version "v3". Every
/// other service, the other links and the wire fall back to V2's.
struct ImplV3Module: Module {
    func configure(_ binder: Binder) {
        binder.bind(CartService.self) { (api: Named<V2Wire, any ServiceClient>, loginStatus: LoginStatusCenter, sessions: any SessionStore) in
            CartServiceV3(inner: CartServiceV2(api: api.value, loginStatus: loginStatus, sessions: sessions))
        }.version("v3").scope(.session)
        // Between V1's gesture link (position 0) and V2's bind-card link (position 10).
        binder.contribute(LoginLink.self, id: "confirmGesture", position: 5) { ConfirmGestureLink() }.version("v3")
    }
}

/// The V3 cart: V2's, except that it holds at most ``limit`` different products.
final class CartServiceV3: CartService {
    /// How many different products a V3 cart holds.
    static let limit = 3

    private let inner: any CartService

    init(inner: any CartService) {
        self.inner = inner
    }

    func cart() async throws(ServiceError) -> Cart { try await inner.cart() }

    /// Refuses a product the cart does not hold yet when it is full, before anything is sent.
    func add(productID: String, quantity: Int) async throws(ServiceError) -> Cart {
        let lines = try await inner.cart().lines
        if lines.count >= Self.limit, !lines.contains(where: { $0.productID == productID }) {
            throw .invalidInput("a V3 cart holds at most \(Self.limit) different products; remove one before adding \(productID)")
        }
        return try await inner.add(productID: productID, quantity: quantity)
    }

    func remove(productID: String) async throws(ServiceError) -> Cart { try await inner.remove(productID: productID) }
    func clear() async throws(ServiceError) -> Cart { try await inner.clear() }
}

extension BusinessOperation {
    /// (V3) The gesture password must be entered once more.
    static let confirmGesturePassword = BusinessOperation(rawValue: "confirmGesturePassword")
}

extension LoginResult.Step {
    /// (V3) The gesture password was entered once more, and matched.
    static let gesturePasswordConfirmed = LoginResult.Step(rawValue: "gesturePasswordConfirmed")
}

/// V3's login link: once the customer has a gesture password, asks the gesture branch for it
/// again and checks it with the server.
struct ConfirmGestureLink: LoginLink {
    func due(for customer: Customer, record: CustomerRecord) -> BusinessOperation? {
        customer.hasGesturePassword ? .confirmGesturePassword : nil
    }

    func perform(_ operation: BusinessOperation, for customer: Customer, branches: LoginBranches,
                 account: SessionViewModel) async throws(ServiceError) -> (LoginResult.Step, Customer)? {
        guard let gesture = await branches.gesture(operation) else { return nil }
        _ = try await account.authorized("POST", "/gesture/verify", body: GestureRequest(gesture: gesture), as: Empty.self)
        return (.gesturePasswordConfirmed, customer)
    }
}
