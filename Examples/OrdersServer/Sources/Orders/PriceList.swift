/// The unit price of each item, in cents: the same for every pricing generation.
public struct PriceList: Sendable {
    public let unitCents: [String: Int]

    public init(unitCents: [String: Int]) { self.unitCents = unitCents }

    /// The shop's list.
    public static let standard = PriceList(unitCents: ["apple": 40, "pear": 55, "coffee": 450])
}
