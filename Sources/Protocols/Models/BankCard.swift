/// A bank card to bind. The number is a secret: only its last four digits are ever shown.
public struct BankCard: Codable, Sendable, Equatable {
    public let number: String
    public let holder: String

    public init(number: String, holder: String) {
        self.number = number
        self.holder = holder
    }

    /// `•••• 4242`.
    public var masked: String { "•••• " + String(number.suffix(4)) }
}
