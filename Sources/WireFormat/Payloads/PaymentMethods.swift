/// A customer's payment set-up, as V2's server describes it (`GET /v2/payment`).
public struct PaymentMethods: Codable, Sendable, Equatable {
    /// The last four digits of the bound card, or `nil` when none is bound.
    public let cardEnding: String?
    /// Whether a payment PIN is set.
    public let hasPayPassword: Bool

    /// Payment methods.
    public init(cardEnding: String?, hasPayPassword: Bool) {
        self.cardEnding = cardEnding
        self.hasPayPassword = hasPayPassword
    }

    enum CodingKeys: String, CodingKey {
        case cardEnding, hasPayPassword
    }

    /// Refuses a card ending that is not four digits, naming the member.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        cardEnding = try container.decodeIfPresent(String.self, forKey: .cardEnding)
        hasPayPassword = try container.decode(Bool.self, forKey: .hasPayPassword)
        if let cardEnding, cardEnding.count != 4 || !cardEnding.allSatisfy({ $0.isASCII && $0.isNumber }) {
            throw DecodingError.dataCorruptedError(
                forKey: .cardEnding, in: container,
                debugDescription: "must be the card's last four digits")
        }
    }
}
