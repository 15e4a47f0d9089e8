import Foundation
import Client
import Protocols
import TextRules
import WireFormat

/// The current cart: every change is one batched request with an idempotency key, so a request
/// whose answer was lost is retried safely; totals and promotions come from the server.
public final class CartServiceV2: CartService {
    /// How many times a batch is sent before its transport error is reported.
    static let attempts = 3

    private let session: SessionViewModel

    /// The cart over `api` (V2's client), acting for the session kept in `sessions` while `clock`
    /// says it has not expired, and posting expiry to `loginStatus`.
    public init(
        api: any ServiceClient, loginStatus: LoginStatusCenter, sessions: any SessionStore, clock: any WallClock
    ) {
        session = SessionViewModel(api: api, loginStatus: loginStatus, sessions: sessions, clock: clock)
    }

    /// The cart, totalled by the server with its promotions.
    public func cart() async throws(ServiceError) -> Cart {
        try await session.authorized("GET", "/cart", as: Cart.self)
    }

    /// Adds `quantity` of a product, as a batch of one change.
    public func add(productID: String, quantity: Int) async throws(ServiceError) -> Cart {
        if let problem = InputRules.quantity(quantity) { throw .invalidInput(problem) }
        return try await apply([CartOperation(action: .add, productID: productID, quantity: quantity)])
    }

    /// Removes a product, as a batch of one change.
    public func remove(productID: String) async throws(ServiceError) -> Cart {
        try await apply([CartOperation(action: .remove, productID: productID)])
    }

    /// Empties the cart, as a batch of one change.
    public func clear() async throws(ServiceError) -> Cart {
        try await apply([CartOperation(action: .clear)])
    }

    /// Sends `operations` as one batch, retrying with the same key when no answer came back.
    public func apply(_ operations: [CartOperation]) async throws(ServiceError) -> Cart {
        let batch = CartBatchRequest(idempotencyKey: UUID().uuidString, operations: operations)
        var attempt = 1
        while true {
            do {
                return try await session.authorized("POST", "/cart/batch", body: batch, as: Cart.self)
            } catch .transport(let error) where attempt < Self.attempts && Self.isRetryable(error) {
                attempt += 1
            }
        }
    }

    /// Errors after which the batch may or may not have been applied: safe to send again,
    /// because the key makes the server apply it at most once.
    static func isRetryable(_ error: TransportError) -> Bool {
        switch error {
        case .timedOut, .connectionLost: true
        case .badServerResponse(let status, _): status >= 500
        default: false
        }
    }
}
