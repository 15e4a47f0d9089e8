/// Why an entry of a version selection could not be read (``VersionSelection/Entry/init(parsing:in:)``).
public struct SelectionParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong with the entry.
    public enum Reason: Hashable, Sendable {
        /// Nothing was written; `known` are the versions the graph declares.
        case empty(known: [String])
        /// `=v1`: no service before the `=`.
        case missingService
        /// `CartService=`: no version after the `=`; `known` are the versions the graph declares.
        case missingVersion(known: [String])
        /// A version that is not `v` then numbers separated by dots.
        case malformedVersion(String)
        /// A well-formed version that no module of the graph declares; `known` are those it does.
        case unknownVersion(String, known: [String])
        /// A name that is no versioned service of the graph; `known` are those that are.
        case unknownService(String, known: [String])
    }

    /// The entry as written.
    public let entry: String
    /// What is wrong with it.
    public let reason: Reason

    /// `'Cart=v2': unknown service 'Cart'; the services are CartService, WishlistService [G406]`.
    public var description: String {
        "'\(entry)': \(problem) [\(reason.diagnosticID)]"
    }

    /// The reason's stable identifier, which ``description`` prints (`[G406]`).
    public var diagnosticID: DiagnosticID { reason.diagnosticID }

    /// What is wrong and what would be right, without the entry.
    public var problem: String {
        switch reason {
        case .empty(let known): "no version; the versions are \(known.joined(separator: ", "))"
        case .missingService: "the service is missing before '='; write Service=version, such as CartService=v2"
        case .missingVersion(let known):
            "the version is missing after '='; the versions are \(known.joined(separator: ", "))"
        case .malformedVersion(let version): "'\(version)' is not a version; write \(Version.formatHelp)"
        case .unknownVersion(let version, let known):
            "unknown version '\(version)'; the versions are \(known.joined(separator: ", "))"
        case .unknownService(let name, let known):
            "unknown service '\(name)'\(suggestion); the services are \(known.joined(separator: ", "))"
        }
    }

    /// For an unknown service, the one the entry most likely meant: the only one it begins
    /// (`Cart` for `CartService`), one a few letters off (the `Spelling` rule), or a list's or map's
    /// element type (`[any Tracker]`, whose items are pinned as `Tracker`); `nil` when none is
    /// close, or for another reason.
    public var suggestedService: String? {
        guard case .unknownService(let name, let known) = reason else { return nil }
        return Spelling.nearest(Self.elementName(name), among: known)
    }

    /// `Tracker` for `[any Tracker]` or `[String: Tracker]`'s written `[Tracker]`; `name` itself
    /// for any other.
    private static func elementName(_ name: String) -> String {
        guard name.hasPrefix("["), name.hasSuffix("]") else { return name }
        var element = name.dropFirst().dropLast()
        if element.hasPrefix("any ") { element = element.dropFirst(4) }
        return String(element)
    }

    /// ` (did you mean 'CartService'?)` when there is a ``suggestedService``.
    private var suggestion: String {
        guard case .unknownService(let name, _) = reason, let match = suggestedService else { return "" }
        let why = name != Self.elementName(name) ? "; a list's or map's items are pinned by their element type" : ""
        return " (did you mean '\(match)'?\(why))"
    }
}
