/// V2: a tenth off an order of ten or more, rounded down to the cent.
public final class PricingV2: Pricing {
    private let prices: PriceList
    public init(prices: PriceList) { self.prices = prices }

    public var generation: String { "v2" }

    public func totalCents(item: String, quantity: Int) -> Int? {
        guard let unit = prices.unitCents[item] else { return nil }
        let total = unit * quantity
        return quantity >= 10 ? total * 9 / 10 : total
    }
}
