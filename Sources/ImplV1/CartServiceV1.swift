import Client
import Protocols
import TextRules
import WireFormat

/// The legacy cart: one request per change; the client totals the lines, with no promotions.
public final class CartServiceV1: CartService {
    private let session: SessionViewModel

    /// The cart over `api` (V1's client), acting for the session kept in `sessions` while `clock`
    /// says it has not expired, and posting expiry to `loginStatus`.
    public init(
        api: any ServiceClient, loginStatus: LoginStatusCenter, sessions: any SessionStore, clock: any WallClock
    ) {
        session = SessionViewModel(api: api, loginStatus: loginStatus, sessions: sessions, clock: clock)
    }

    /// The cart, totalled here.
    public func cart() async throws(ServiceError) -> Cart {
        try totalled(await session.authorized("GET", "/cart", as: CartLinesAnswer.self).lines)
    }

    /// Adds `quantity` of a product with `POST /cart/add`.
    public func add(productID: String, quantity: Int) async throws(ServiceError) -> Cart {
        if let problem = InputRules.quantity(quantity) { throw .invalidInput(problem) }
        return try totalled(
            await session.authorized(
                "POST", "/cart/add", body: CartAddRequest(productID: productID, quantity: quantity),
                as: CartLinesAnswer.self
            ).lines)
    }

    /// Removes a product with `POST /cart/remove`.
    public func remove(productID: String) async throws(ServiceError) -> Cart {
        try totalled(
            await session.authorized(
                "POST", "/cart/remove", body: ProductRequest(productID: productID), as: CartLinesAnswer.self
            ).lines)
    }

    /// Totals the lines as V1 does; lines adding up past what a cart may hold are the server's
    /// fault, reported as an answer that cannot be read.
    private func totalled(_ lines: [CartLine]) throws(ServiceError) -> Cart {
        do { return try Cart(totalling: lines) } catch { throw .transport(error) }
    }

    /// Empties the cart with `POST /cart/clear`.
    public func clear() async throws(ServiceError) -> Cart {
        try totalled(await session.authorized("POST", "/cart/clear", as: CartLinesAnswer.self).lines)
    }
}
