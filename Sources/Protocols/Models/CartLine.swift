/// One product in a cart.
public struct CartLine: Codable, Sendable, Equatable {
    public let productID: String
    public let name: String
    /// Cents.
    public let unitPrice: Int
    public let quantity: Int

    public init(productID: String, name: String, unitPrice: Int, quantity: Int) {
        self.productID = productID
        self.name = name
        self.unitPrice = unitPrice
        self.quantity = quantity
    }
}
