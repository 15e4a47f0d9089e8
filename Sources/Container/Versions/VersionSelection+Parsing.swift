extension VersionSelection {
    /// One entry of a selection as a person writes it: a version for every service (`v2`), or
    /// a version for one service (`CartService=v1`).
    public enum Entry: Hashable, Sendable {
        /// `v2`: the default version.
        case defaultVersion(String)
        /// `CartService=v1`: the version of one service.
        case override(ServiceKey, String)

        /// Reads `text` against the versions and services that `graph` declares: the version
        /// must be one the graph declares, and the service one that declares a version
        /// (``DependencyGraph/versionedServices``), named as the graph shows it.
        ///
        /// ```swift
        /// let entry = try VersionSelection.Entry(parsing: "CartService=v1", in: injector.graph)
        /// ```
        /// - Throws: ``SelectionParseError`` saying what is wrong and what the graph has.
        public init(parsing text: String, in graph: DependencyGraph) throws(SelectionParseError) {
            // At the last '=': a version has none, a service's name may (`Flag named "a=b"`).
            let parts =
                text.lastIndex(of: "=").map { [String(text[..<$0]), String(text[text.index(after: $0)...])] } ?? [text]
            let version = parts[parts.count - 1]
            func fail(_ reason: SelectionParseError.Reason) -> SelectionParseError {
                SelectionParseError(entry: text, reason: reason)
            }
            let known = graph.boundVersions
            if parts.count == 2, parts[0].isEmpty { throw fail(.missingService) }
            if version.isEmpty { throw fail(parts.count == 2 ? .missingVersion(known: known) : .empty(known: known)) }
            guard let parsed = Version(version) else { throw fail(.malformedVersion(version)) }
            guard known.contains(where: { Version($0) == parsed }) else {
                throw fail(.unknownVersion(version, known: known))
            }
            guard parts.count == 2 else {
                self = .defaultVersion(version)
                return
            }
            let services = graph.versionedServices
            guard let service = services.first(where: { $0.description == parts[0] }) else {
                throw fail(.unknownService(parts[0], known: services.map(\.description)))
            }
            self = .override(service, version)
        }

        /// The entries of `text`, in order, split as ``VersionSelection/init(parsing:in:default:)``
        /// splits them — at commas and spaces, but not inside a service's name, and the overrides
        /// in parentheses that ``VersionSelection/description`` writes — for a tool that applies
        /// them itself, such as a command line whose flags each add entries.
        ///
        /// ```swift
        /// let entries = try VersionSelection.Entry.list(parsing: "v1 (CartService=v2)", in: injector.graph)
        /// ```
        /// - Throws: ``SelectionParseError`` for the first entry that is malformed or names a
        ///   version or service the graph does not declare.
        public static func list(parsing text: String, in graph: DependencyGraph) throws(SelectionParseError)
            -> [Entry]
        {
            var entries: [Entry] = []
            for entry in VersionSelection.entries(of: text) { entries.append(try Entry(parsing: entry, in: graph)) }
            return entries
        }
    }

    /// Reads a selection as a person writes it — `v2`, `CartService=v1`, or several entries
    /// separated by commas or spaces, such as `v2,CartService=v1` or
    /// `v2 Database named "replica"=v1 Tracker=v1`, or as ``description`` writes it,
    /// `v2 (CartService=v1, Tracker=v1)` — against the versions and services
    /// `graph` declares. Contributions to a list or map are pinned by their element type
    /// (`Tracker`, not the list `[any Tracker]`), which is the service their versions belong to. A version alone sets the default and drops the overrides
    /// before it; a later entry for a service replaces an earlier one. Without a version alone,
    /// the default is `defaultVersion`: each service's latest when `nil`.
    ///
    /// ```swift
    /// let versions = try VersionSelection(parsing: "v2,CartService=v1", in: injector.graph)
    /// ```
    /// - Throws: ``SelectionParseError`` for the first entry that is malformed or names a
    ///   version or service the graph does not declare.
    public init(parsing text: String, in graph: DependencyGraph, default defaultVersion: String? = nil)
        throws(SelectionParseError)
    {
        var chosen = defaultVersion
        var overrides: [ServiceKey: String] = [:]
        for entry in try Entry.list(parsing: text, in: graph) {
            switch entry {
            case .defaultVersion(let version):
                chosen = version
                overrides = [:]
            case .override(let service, let version):
                overrides[service] = version
            }
        }
        self.init(defaultVersion: chosen, overrides: overrides, isBuildDefault: false)
    }

    /// The entries of `text`: split at commas and spaces, except inside quotes and brackets, and
    /// except the spaces of a service's name (`Database named "replica"=v1`): words that are
    /// neither a version nor end an entry with `=` join the words after them.
    static func entries(of text: String) -> [String] {
        var words: [String] = []
        var word = ""
        var depth = 0
        var quoted = false
        for character in text {
            if character == "\"" { quoted.toggle() }
            if !quoted {
                if "[<(".contains(character) { depth += 1 }
                if "]>)".contains(character) { depth = max(0, depth - 1) }
            }
            let separates = !quoted && depth == 0 && (character == "," || character == " ")
            guard separates else {
                word.append(character)
                continue
            }
            if !word.isEmpty { words.append(word) }
            // A comma ends an entry: an empty word stands for it.
            if character == "," { words.append("") }
            word = ""
        }
        words.append(word)
        var entries: [String] = []
        var pending: String?
        for word in words {
            // The overrides of a selection as ``VersionSelection/description`` writes it,
            // `v2 (CartService=v1, Tracker=v1)`, are entries too.
            if word.count > 1, word.hasPrefix("("), word.hasSuffix(")"), word.contains("=") {
                if let pending { entries.append(pending) }
                pending = nil
                entries += Self.entries(of: String(word.dropFirst().dropLast()))
            } else if word.contains("=") {
                entries.append(pending.map { "\($0) \(word)" } ?? word)
                pending = nil
            } else if word.isEmpty || Version(word) != nil {
                if let pending { entries.append(pending) }
                pending = nil
                entries.append(word)
            } else {
                pending = pending.map { "\($0) \(word)" } ?? word
            }
        }
        if let pending { entries.append(pending) }
        return entries.filter { !$0.isEmpty }
    }
}
