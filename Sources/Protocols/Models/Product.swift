/// An item of the catalogue. Prices are in cents.
public struct Product: Codable, Sendable, Equatable, Hashable {
    public let id: String
    public let name: String
    public let price: Int
    /// A discount the V2 server applies in the cart; V1 ignores it.
    public let percentOff: Int?

    public init(id: String, name: String, price: Int, percentOff: Int? = nil) {
        self.id = id
        self.name = name
        self.price = price
        self.percentOff = percentOff
    }
}
