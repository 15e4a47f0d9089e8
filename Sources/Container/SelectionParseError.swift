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

    /// ` (did you mean 'CartService'?)` for a name close to one of `known`: the same but for case
    /// or a few letters, the start of only one of them (`Cart`), or a list's element
    /// (`[any Tracker]`, whose items are pinned as `Tracker`). Empty when none is close.
    static func suggestion(for name: String, among known: [String]) -> String {
        var element = Substring(name)
        let isCollection = element.hasPrefix("[") && element.hasSuffix("]")
        if isCollection { element = element.dropFirst().dropLast() }
        if element.hasPrefix("any ") { element = element.dropFirst(4) }
        let wanted = element.lowercased()
        let prefixed = known.filter { wanted.count >= 3 && $0.lowercased().hasPrefix(wanted) }
        let nearest = known.map { ($0, editDistance($0.lowercased(), wanted)) }.min { $0.1 < $1.1 }
        let match: String
        if let (name, distance) = nearest, distance <= max(1, wanted.count / 4) {
            match = name
        } else if prefixed.count == 1 {
            match = prefixed[0]
        } else {
            return ""
        }
        let why = isCollection ? "; a list's or map's items are pinned by their element type" : ""
        return " (did you mean '\(match)'?\(why))"
    }

    /// The number of letters to insert, delete or replace to make `a` into `b`.
    private static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1]
            for (j, y) in b.enumerated() {
                current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }
}
