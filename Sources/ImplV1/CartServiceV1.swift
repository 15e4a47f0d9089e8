import Protocols

/// The legacy cart: one request per change; the client totals the lines, with no promotions.
public final class CartServiceV1: SessionViewModel, CartService, @unchecked Sendable {
    public init(api: APIClient, loginStatus: LoginStatusCenter, sessions: any SessionStore) {
        super.init(generation: .v1, api: api, loginStatus: loginStatus, sessions: sessions)
    }

    public func cart() async throws(ServiceError) -> Cart {
        Cart(totalling: try await authorized("GET", "/cart", as: CartLinesAnswer.self).lines)
    }

    public func add(productID: String, quantity: Int) async throws(ServiceError) -> Cart {
        if let problem = InputRules.quantity(quantity) { throw .invalidInput(problem) }
        return Cart(totalling: try await authorized("POST", "/cart/add", body: CartAddRequest(productID: productID, quantity: quantity),
                                                    as: CartLinesAnswer.self).lines)
    }

    public func remove(productID: String) async throws(ServiceError) -> Cart {
        Cart(totalling: try await authorized("POST", "/cart/remove", body: ProductRequest(productID: productID), as: CartLinesAnswer.self).lines)
    }

    public func clear() async throws(ServiceError) -> Cart {
        Cart(totalling: try await authorized("POST", "/cart/clear", as: CartLinesAnswer.self).lines)
    }
}
