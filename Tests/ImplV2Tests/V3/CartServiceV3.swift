import Protocols

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
            throw .invalidInput(
                "a V3 cart holds at most \(Self.limit) different products; remove one before adding \(productID)")
        }
        return try await inner.add(productID: productID, quantity: quantity)
    }

    func remove(productID: String) async throws(ServiceError) -> Cart { try await inner.remove(productID: productID) }
    func clear() async throws(ServiceError) -> Cart { try await inner.clear() }
}
