/// A customer as the server describes them after login.
///
/// The contract holds what every generation says of a customer; what one generation adds (V2's
/// bound card and payment PIN) is kept in ``flags`` by its member's name, for that generation's
/// code to read, so the contract names no generation's set-up.
public struct Customer: Codable, Sendable, Equatable {
    /// The account's mobile number.
    public let mobile: String
    /// Whether the server holds a gesture password for this customer.
    public let hasGesturePassword: Bool
    /// Every other yes-or-no member of the server's description, by name: a generation's own
    /// facts, such as V2's `hasBankCard` (a generation names its flags `has…`). A member the
    /// server leaves out is not here.
    public let flags: [String: Bool]

    /// A customer as the server has it.
    public init(mobile: String, hasGesturePassword: Bool, flags: [String: Bool] = [:]) {
        self.mobile = mobile
        self.hasGesturePassword = hasGesturePassword
        self.flags = flags.filter {
            $0.key != Member.mobile.stringValue && $0.key != Member.hasGesturePassword.stringValue
        }
    }

    /// Reads the mobile and the gesture flag, and every other member that is a yes or no into
    /// ``flags``. A member named `has…` is a generation's flag by name, so one that is not a yes
    /// or no is a malformed answer (a lying server's `"hasBankCard":"yes"` must not read as
    /// `false`); members of other names and types are a later generation's business and skipped.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Member.self)
        mobile = try container.decode(String.self, forKey: .mobile)
        hasGesturePassword = try container.decode(Bool.self, forKey: .hasGesturePassword)
        var flags: [String: Bool] = [:]
        for key in container.allKeys where key != .mobile && key != .hasGesturePassword {
            if key.stringValue.hasPrefix("has") {
                flags[key.stringValue] = try container.decode(Bool.self, forKey: key)
            } else if let value = try? container.decode(Bool.self, forKey: key) {
                flags[key.stringValue] = value
            }
        }
        self.flags = flags
    }

    /// Writes the mobile, the gesture flag and every flag, as members of one object.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Member.self)
        try container.encode(mobile, forKey: .mobile)
        try container.encode(hasGesturePassword, forKey: .hasGesturePassword)
        for (name, value) in flags { try container.encode(value, forKey: Member(stringValue: name)) }
    }

    /// A member of the server's description, by name.
    private struct Member: CodingKey, Equatable {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }

        static let mobile = Member(stringValue: "mobile")
        static let hasGesturePassword = Member(stringValue: "hasGesturePassword")
    }
}
