/// The logged-in customer's cart.
public protocol CartService: Sendable {
    /// The cart as it is now.
    func cart() async throws(ServiceError) -> Cart
    /// Adds `quantity` of a product (quantity 1 or more).
    func add(productID: String, quantity: Int) async throws(ServiceError) -> Cart
    /// Removes a product, whatever its quantity.
    func remove(productID: String) async throws(ServiceError) -> Cart
    /// Empties the cart.
    func clear() async throws(ServiceError) -> Cart
}
