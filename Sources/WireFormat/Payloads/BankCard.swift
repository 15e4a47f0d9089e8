/// A bank card to bind (V2's `POST /v2/cards`). The number is a secret: only its last four
/// digits are ever shown.
public struct BankCard: Codable, Sendable, Equatable {
    /// The card number, as typed; spaces and dashes allowed.
    public let number: String
    /// The card holder's name.
    public let holder: String

    /// The card numbered `number` (as typed) held by `holder`; nothing is checked here: the
    /// bind-card link checks it before sending it, and the server again.
    public init(number: String, holder: String) {
        self.number = number
        self.holder = holder
    }
}
