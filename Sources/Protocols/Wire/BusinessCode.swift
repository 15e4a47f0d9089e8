/// What a server's answer means for the business, the same in every generation; each
/// generation writes it with its own number on the wire.
///
/// | meaning | V1 `status` | V2 `code` |
/// |---|---|---|
/// | success | `"000000"` | `200` |
/// | wrong password | `"100001"` | `40101` |
/// | login expired | `"100002"` | `40102` |
/// | account locked | `"100003"` | `40301` |
/// | validation failed | `"100004"` | `40001` |
/// | not found | `"100005"` | `40401` |
/// | server error | `"999999"` | `50001` |
public enum BusinessCode: Hashable, Sendable, CustomStringConvertible {
    case success
    case wrongPassword
    case loginExpired
    case accountLocked
    case validationFailed
    case notFound
    case serverError
    /// A code this client does not know, as it was on the wire.
    case unknown(String)

    /// Every code this client knows.
    public static let known: [BusinessCode] = [
        .success, .wrongPassword, .loginExpired, .accountLocked, .validationFailed, .notFound, .serverError,
    ]

    /// The code as `generation` writes it: a six-digit string for V1, a number for V2.
    public func wireValue(in generation: Generation) -> String {
        switch (self, generation) {
        case (.unknown(let raw), _): raw
        case (.success, .v1): "000000"
        case (.wrongPassword, .v1): "100001"
        case (.loginExpired, .v1): "100002"
        case (.accountLocked, .v1): "100003"
        case (.validationFailed, .v1): "100004"
        case (.notFound, .v1): "100005"
        case (.serverError, .v1): "999999"
        case (.success, .v2): "200"
        case (.wrongPassword, .v2): "40101"
        case (.loginExpired, .v2): "40102"
        case (.accountLocked, .v2): "40301"
        case (.validationFailed, .v2): "40001"
        case (.notFound, .v2): "40401"
        case (.serverError, .v2): "50001"
        }
    }

    /// The code that `generation` writes as `wireValue`; ``unknown(_:)`` when it is none of them.
    public init(wireValue: String, in generation: Generation) {
        self = Self.known.first { $0.wireValue(in: generation) == wireValue } ?? .unknown(wireValue)
    }

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
