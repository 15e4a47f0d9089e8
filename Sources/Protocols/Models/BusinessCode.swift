/// What a server's answer means for the business, the same in every generation; each
/// generation writes it with its own number on the wire (its `EnvelopeFormat`).
public enum BusinessCode: Hashable, Sendable, CustomStringConvertible {
    /// The request was carried out.
    case success
    /// The password does not match the account.
    case wrongPassword
    /// The session ended; the customer must log in again.
    case loginExpired
    /// Too many wrong passwords: the account is locked for a while.
    case accountLocked
    /// The request broke a rule; the message says which.
    case validationFailed
    /// What the request names does not exist.
    case notFound
    /// The server failed.
    case serverError
    /// A code this client does not know, as it was on the wire.
    case unknown(String)

    /// Every code this client knows.
    public static let known: [BusinessCode] = [
        .success, .wrongPassword, .loginExpired, .accountLocked, .validationFailed, .notFound, .serverError,
    ]

    /// `wrong password`, `unknown code 123`.
    public var description: String {
        switch self {
        case .success: "success"
        case .wrongPassword: "wrong password"
        case .loginExpired: "login expired"
        case .accountLocked: "account locked"
        case .validationFailed: "validation failed"
        case .notFound: "not found"
        case .serverError: "server error"
        case .unknown(let raw): "unknown code \(raw)"
        }
    }
}
