import Protocols

extension Customer {
    /// The member of a customer's description saying whether a bank card is bound (V2's).
    public static let hasBankCardMember = "hasBankCard"
    /// The member of a customer's description saying whether a payment PIN is set (V2's).
    public static let hasPayPasswordMember = "hasPayPassword"

    /// A customer with V2's payment set-up: whether a card is bound and a payment PIN set.
    public init(mobile: String, hasGesturePassword: Bool, hasBankCard: Bool, hasPayPassword: Bool) {
        self.init(
            mobile: mobile, hasGesturePassword: hasGesturePassword,
            flags: [Self.hasBankCardMember: hasBankCard, Self.hasPayPasswordMember: hasPayPassword])
    }

    /// Whether a bank card is bound: what V2's server says; a V1 server says nothing of cards,
    /// which reads as `false`.
    public var hasBankCard: Bool { flags[Self.hasBankCardMember] ?? false }

    /// Whether a payment PIN is set: what V2's server says; a V1 server says nothing of PINs,
    /// which reads as `false`.
    public var hasPayPassword: Bool { flags[Self.hasPayPasswordMember] ?? false }
}
