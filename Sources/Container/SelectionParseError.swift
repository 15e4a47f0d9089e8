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
            "unknown service '\(name)'\(Self.suggestion(for: name, among: known)); the services are \(known.joined(separator: ", "))"
        }
    }

    /// ` (did you mean 'CartService'?)` for a name close to one of `known` (``Spelling``: the
    /// only one it begins, such as `Cart`, or one a few letters off), or a list's element
    /// (`[any Tracker]`, whose items are pinned as `Tracker`). Empty when none is close.
    static func suggestion(for name: String, among known: [String]) -> String {
        var element = Substring(name)
        let isCollection = element.hasPrefix("[") && element.hasSuffix("]")
        if isCollection { element = element.dropFirst().dropLast() }
        if element.hasPrefix("any ") { element = element.dropFirst(4) }
        guard let match = Spelling.nearest(String(element), among: known) else { return "" }
        let why = isCollection ? "; a list's or map's items are pinned by their element type" : ""
        return " (did you mean '\(match)'?\(why))"
    }
}
