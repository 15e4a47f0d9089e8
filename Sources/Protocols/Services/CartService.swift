/// The logged-in customer's cart.
public protocol CartService: Sendable {
    func cart() async throws(ServiceError) -> Cart
    /// Adds `quantity` of a product (quantity 1 or more).
    func add(productID: String, quantity: Int) async throws(ServiceError) -> Cart
    func remove(productID: String) async throws(ServiceError) -> Cart
    func clear() async throws(ServiceError) -> Cart
}
