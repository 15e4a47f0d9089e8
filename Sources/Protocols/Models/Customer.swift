/// A customer as the server describes them after login.
public struct Customer: Codable, Sendable, Equatable {
    /// The account's mobile number.
    public let mobile: String
    /// Whether the server holds a gesture password for this customer.
    public let hasGesturePassword: Bool
    /// Whether a bank card is bound (V2 only; always `false` from V1).
    public let hasBankCard: Bool
    /// Whether a payment PIN is set (V2 only; always `false` from V1).
    public let hasPayPassword: Bool

    /// A customer as the server has it.
    public init(mobile: String, hasGesturePassword: Bool, hasBankCard: Bool = false, hasPayPassword: Bool = false) {
        self.mobile = mobile
        self.hasGesturePassword = hasGesturePassword
        self.hasBankCard = hasBankCard
        self.hasPayPassword = hasPayPassword
    }

    enum CodingKeys: String, CodingKey {
        case mobile, hasGesturePassword, hasBankCard, hasPayPassword
    }

    /// V1 answers carry no card or PIN flags; they read as `false`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        mobile = try container.decode(String.self, forKey: .mobile)
        hasGesturePassword = try container.decode(Bool.self, forKey: .hasGesturePassword)
        hasBankCard = try container.decodeIfPresent(Bool.self, forKey: .hasBankCard) ?? false
        hasPayPassword = try container.decodeIfPresent(Bool.self, forKey: .hasPayPassword) ?? false
    }
}
