/// V1: the unit price times the quantity.
public final class PricingV1: Pricing {
    private let prices: PriceList
    public init(prices: PriceList) { self.prices = prices }

    public var generation: String { "v1" }

    public func totalCents(item: String, quantity: Int) -> Int? {
        prices.unitCents[item].map { $0 * quantity }
    }
}
