/// A step of the login chain that did not finish and waits for the next login.
///
/// Open, like the chain: a generation whose login link adds a step declares its operation
/// beside the link (`extension BusinessOperation { static let acceptTerms = … }`).
public struct BusinessOperation: RawRepresentable, Hashable, Codable, Sendable, CustomStringConvertible {
    /// The name kept in the customer records: `createGesturePassword`.
    public let rawValue: String

    /// The operation named `rawValue`.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// The customer asked to forget the gesture password; the next login sets a new one.
    public static let forgetGesturePassword = BusinessOperation(rawValue: "forgetGesturePassword")
    /// The server holds no gesture password; one must be created.
    public static let createGesturePassword = BusinessOperation(rawValue: "createGesturePassword")

    /// Reads the operation's name, as a JSON string.
    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    /// Writes the operation's name, as a JSON string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// The operation's name.
    public var description: String { rawValue }
}
