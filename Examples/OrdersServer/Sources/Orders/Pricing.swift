/// Prices an order; each generation of the service prices differently.
public protocol Pricing: Sendable {
    /// The generation, as orders record it: `v1` or `v2`.
    var generation: String { get }
    /// The total of `quantity` of `item` in cents, or `nil` when the item is not sold.
    func totalCents(item: String, quantity: Int) -> Int?
}
