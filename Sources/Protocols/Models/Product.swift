/// An item of the catalogue. Prices are in cents.
public struct Product: Codable, Sendable, Equatable, Hashable {
    /// The prices a product may have, in cents: up to 1,000,000.00. Decoding refuses others, so
    /// no total of a cart can overflow.
    public static let prices = 0...100_000_000
    /// The discounts a promotion may give, in percent.
    public static let percentages = 0...100

    /// The product's identifier: `p7`.
    public let id: String
    /// The product's name.
    public let name: String
    /// Its price, in cents.
    public let price: Int
    /// A discount the V2 server applies in the cart; V1 ignores it.
    public let percentOff: Int?

    /// A product priced at `price` cents, with the V2 discount `percentOff` if it has one.
    public init(id: String, name: String, price: Int, percentOff: Int? = nil) {
        self.id = id
        self.name = name
        self.price = price
        self.percentOff = percentOff
    }

    enum CodingKeys: String, CodingKey {
        case id, name, price, percentOff
    }

    /// Refuses a price or discount out of range, naming the member.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        name = try container.decode(String.self, forKey: .name)
        price = try container.decode(Int.self, forKey: .price, in: Self.prices)
        percentOff = try container.decodeIfPresent(Int.self, forKey: .percentOff, in: Self.percentages)
    }
}
