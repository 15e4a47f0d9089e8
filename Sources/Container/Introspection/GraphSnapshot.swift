/// A graph as a reviewable artifact: what each service is, in a form that is deterministic,
/// `Codable` and free of line numbers, so that a team can keep it in its repository and read
/// its ``changes(from:)`` in review.
///
/// Services come in the order of their names, whatever the order of the modules or of the
/// bindings in them; a declaration site is its file alone, so moving a binding within its
/// file changes nothing. Encode it with sorted keys (`JSONEncoder.OutputFormatting.sortedKeys`)
/// for a byte-stable file.
///
/// ```swift
/// let snapshot = Injector.graph(modules: AppModules.all, versions: .buildDefault("v2")).snapshot
/// let changes = snapshot.changes(from: saved)   // typed: added, retired, scope changed, …
/// ```
public struct GraphSnapshot: Codable, Hashable, Sendable {
    /// The version of the format this Graft writes. Schema 2 records whether a service is built
    /// on the main actor (``Service/mainActor``) and whether it closes at shutdown
    /// (``Service/closes``), and writes no file for a collection made from contributions, which
    /// has no binding of its own.
    public static let currentSchema = 2

    /// Every schema this Graft reads: the ones it has written. A reader refuses another, and a
    /// file no Graft could have written (see ``init(from:)``); ``changes(from:)`` compares what
    /// both snapshots record and says what it could not compare.
    public static let readableSchemas = 1...currentSchema

    /// The format version the snapshot was written in: ``currentSchema`` for one made by this
    /// Graft, an earlier one of ``readableSchemas`` for one read from an older file.
    public let schema: Int
    /// The version selection the graph was composed for, as `VersionSelection.description`.
    public let selection: String
    /// Every service the graph serves, by name.
    public let services: [Service]
    /// Every service bound but not served under the selection, by name.
    public let notServed: [Absence]

    /// One service as the selection serves it.
    public struct Service: Codable, Hashable, Sendable {
        /// Its name, as the graph shows it: `CartService`, `Database named "primary"`,
        /// `LoginLink[gesture]` for a contribution.
        public let id: String
        /// The version of the binding that serves it, or `nil` for one without a version.
        public let version: String?
        /// Every version declared for it, lowest first; a binding without a version reads
        /// `unversioned`, a retirement `retired v3`.
        public let versions: [String]
        /// How long its instances live: `.scope(.singleton)`, `.instance`, `.forwards(to: "CartV2")`;
        /// the file holds its text, `singleton`, `instance`, `forwards to CartV2`.
        public let scope: ServiceLifetime
        /// The file of the binding that serves it, as `#fileID` spells it; empty for a collection
        /// made from contributions, which has no binding of its own (its ``items`` say where it
        /// comes from; a schema-1 file holds its first contribution's file).
        public let file: String
        /// What it needs, in the factory's order: `Clock`, `provider Clock`,
        /// `factory(OrderID) OrderDetail`.
        public let dependencies: [String]
        /// Its decorators, innermost first: their id and version, such as `trace` or `signing v2`;
        /// one without an id reads `decorator in App/Trace.swift`.
        public let decorators: [String]
        /// For a collection made from contributions, its items in order; `nil` for another binding.
        public let items: [String]?
        /// Whether it is marked live-only.
        public let liveOnly: Bool
        /// Whether it is resolved with `await`.
        public let asynchronous: Bool
        /// Whether its instances are built on the main actor (bound `onMainActor:`, to a
        /// `@MainActor` initializer, or forwarding to such a binding); `nil` when read from a
        /// schema-1 file, which does not record it.
        public let mainActor: Bool?
        /// Whether ``Injector/shutdown(within:)`` closes its instances (it declares
        /// `closing(_:)`); `nil` when read from a schema-1 file, which does not record it.
        public let closes: Bool?
    }

    /// A service bound but not served under the selection.
    public struct Absence: Codable, Hashable, Sendable {
        /// Its name.
        public let id: String
        /// `bound only in v2` or `retired in v3`.
        public let why: String
    }

    init(_ graph: DependencyGraph) {
        schema = Self.currentSchema
        selection = graph.versions.description
        let outgoing = Dictionary(grouping: graph.edges, by: \.from)
        services = graph.nodes.map { node in
            Service(
                id: node.key.description, version: node.version,
                versions: node.candidates.map { candidate in
                    let version = candidate.version ?? "unversioned"
                    return candidate.isRetirement ? "retired \(version)" : version
                },
                scope: node.lifetime, file: node.isCollection ? "" : node.site.fileID,
                dependencies: (outgoing[node.key] ?? []).filter { !node.isCollection || $0.to.item == nil }.map(
                    Self.dependency),
                decorators: node.decorators.map(Self.decorator),
                items: node.isCollection ? (outgoing[node.key] ?? []).map(\.to.description) : nil,
                liveOnly: node.isLiveOnly, asynchronous: node.isAsynchronous,
                mainActor: node.isMainActorIsolated, closes: node.closesAtShutdown)
        }.sorted { $0.id < $1.id }
        notServed = graph.notServed.map { Absence(id: $0.key.description, why: $0.why(withSites: false)) }
            .sorted { $0.id < $1.id }
    }

    /// `trace`, `signing v2`, or `decorator in App/Trace.swift` for one without an id, so that
    /// two such decorators in different files stay apart.
    private static func decorator(_ decorator: DependencyGraph.Decorator) -> String {
        let name = decorator.id ?? "decorator in \(decorator.site.fileID)"
        return [name, decorator.version].compactMap { $0 }.joined(separator: " ")
    }

    private static func dependency(_ edge: DependencyGraph.Edge) -> String {
        let optional = edge.isOptional && edge.kind != .optional ? " optional" : ""
        switch edge.kind {
        case .direct: return edge.to.description
        case .factory: return "factory(\((edge.arguments ?? []).joined(separator: ", ")))\(optional) \(edge.to)"
        default:
            let factory = edge.arguments.map { " factory(\($0.joined(separator: ", ")))" } ?? ""
            return "\(edge.kind.rawValue)\(optional)\(factory) \(edge.to)"
        }
    }
}

extension GraphSnapshot {
    private enum CodingKeys: String, CodingKey {
        case schema, selection, services, notServed
    }

    /// Reads a snapshot, and refuses one that no Graft could have written: a schema not in
    /// ``readableSchemas``, a schema-2 service that does not say whether it is built on the main
    /// actor, a service listed twice (as a merge that kept both sides leaves it), or
    /// bound and not served at once, an empty name, a malformed version, a version declared
    /// twice, an empty scope, an item listed twice, a reason not served that Graft does not
    /// give. The error is `DecodingError.dataCorrupted` at the entry that is wrong, its
    /// description quoting any name from the file with control characters escaped and cut to
    /// 200 characters. A scope's name is not checked against a list: a resettable scope may
    /// have any name, so a reader that knows its app's scopes checks them itself.
    ///
    /// - Throws: `DecodingError` for a document that is not a snapshot, or not one Graft wrote.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        schema = try container.decode(Int.self, forKey: .schema)
        guard Self.readableSchemas.contains(schema) else {
            throw Self.corrupted(
                container.codingPath + [CodingKeys.schema],
                "schema \(schema) is not one this Graft reads; it reads schemas \(Self.readableSchemas.lowerBound) to \(Self.readableSchemas.upperBound)"
            )
        }
        selection = try container.decode(String.self, forKey: .selection)
        services = try container.decode([Service].self, forKey: .services)
        notServed = try container.decode([Absence].self, forKey: .notServed)
        try validate(at: container.codingPath)
    }

    /// Throws at the first entry that no Graft writes; see ``init(from:)``.
    private func validate(at root: [any CodingKey]) throws {
        var firstIndex: [String: String] = [:]
        func place(_ list: CodingKeys, _ index: Int) -> String { "\(list.stringValue)[\(index)]" }
        func path(_ list: CodingKeys, _ index: Int, _ member: String) -> [any CodingKey] {
            root + [list, SnapshotKey(index: index), SnapshotKey(member)]
        }
        for (index, service) in services.enumerated() {
            func fail(_ member: String, _ reason: String) -> DecodingError {
                Self.corrupted(path(.services, index, member), reason)
            }
            guard !service.id.isEmpty else { throw fail("id", "a service without a name") }
            if let first = firstIndex[service.id] {
                throw fail(
                    "id",
                    "\(Self.shown(service.id)) is listed twice, as \(first) too; Graft writes each service once (a merge may have kept both sides)"
                )
            }
            firstIndex[service.id] = place(.services, index)
            if let version = service.version, Version(version) == nil {
                throw fail("version", "\(Self.shown(version)) is not \(Version.formatHelp)")
            }
            var declared: Set<String> = []
            for version in service.versions {
                let bare = version.hasPrefix("retired ") ? String(version.dropFirst("retired ".count)) : version
                guard bare == "unversioned" && bare == version || Version(bare) != nil else {
                    throw fail(
                        "versions",
                        "\(Self.shown(version)) is not a declared version: unversioned, \(Version.formatHelp), or retired and a version"
                    )
                }
                guard declared.insert(version).inserted else {
                    throw fail("versions", "\(Self.shown(version)) is listed twice")
                }
            }
            guard !service.scope.description.isEmpty else { throw fail("scope", "a service without a scope") }
            if schema >= 2, service.mainActor == nil {
                throw fail(
                    "mainActor",
                    "missing; a schema-\(schema) snapshot says whether each service is built on the main actor")
            }
            if schema >= 2, service.closes == nil {
                throw fail(
                    "closes", "missing; a schema-\(schema) snapshot says whether each service closes at shutdown")
            }
            if let items = service.items, let item = Self.repeated(in: items) {
                throw fail("items", "\(Self.shown(item)) is listed twice; Graft writes each item once")
            }
        }
        for (index, absence) in notServed.enumerated() {
            func fail(_ member: String, _ reason: String) -> DecodingError {
                Self.corrupted(path(.notServed, index, member), reason)
            }
            guard !absence.id.isEmpty else { throw fail("id", "a service without a name") }
            if let first = firstIndex[absence.id] {
                let twice = first.hasPrefix("notServed") ? "listed twice" : "both served and not served"
                throw fail(
                    "id", "\(Self.shown(absence.id)) is \(twice), as \(first) too; Graft writes each service once")
            }
            firstIndex[absence.id] = place(.notServed, index)
            guard absence.why.hasPrefix("bound only in ") || absence.why.hasPrefix("retired in ") else {
                throw fail(
                    "why",
                    "\(Self.shown(absence.why)) is not why Graft says a service is not served ('bound only in …' or 'retired in …')"
                )
            }
        }
    }

    private static func repeated(in list: [String]) -> String? {
        var seen: Set<String> = []
        return list.first { !seen.insert($0).inserted }
    }

    private static func corrupted(_ path: [any CodingKey], _ reason: String) -> DecodingError {
        .dataCorrupted(DecodingError.Context(codingPath: path, debugDescription: reason))
    }

    /// Text from the file in double quotes, safe to print: control characters, C1 codes, line
    /// and paragraph separators and bidirectional overrides escaped as `\u{1B}`, and a long text cut to 200 characters and
    /// followed by its length, so a crafted name can neither forge a line nor flood one.
    static func shown(_ text: String, limit: Int = 200) -> String {
        let (result, count) = (escaped(text, limit: limit), text.unicodeScalars.count)
        return count > limit ? "\"\(result)\" (\(count) characters)" : "\"\(result)\""
    }

    /// `text` safe to print, as ``shown(_:limit:)`` makes it, without the quotes; a text cut at
    /// `limit` Unicode scalars ends with `…`. Cut by scalars, not by characters: one letter with
    /// a hundred thousand combining marks is one character.
    static func escaped(_ text: String, limit: Int) -> String {
        var result = ""
        for scalar in text.unicodeScalars.prefix(limit) {
            switch scalar.value {
            case 0x00...0x1F, 0x7F...0x9F, 0x2028...0x2029, 0x202A...0x202E, 0x2066...0x2069:
                result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default:
                result.unicodeScalars.append(scalar)
            }
        }
        return text.unicodeScalars.count > limit ? result + "…" : result
    }
}

/// A member of a snapshot's JSON, or an index into one of its lists, for the coding path of an
/// error.
private struct SnapshotKey: CodingKey {
    let stringValue: String
    let intValue: Int?

    init(_ name: String) {
        stringValue = name
        intValue = nil
    }

    init(index: Int) {
        stringValue = "Index \(index)"
        intValue = index
    }

    init?(stringValue: String) { self.init(stringValue) }
    init?(intValue: Int) { self.init(index: intValue) }
}

extension DependencyGraph {
    /// The graph as a deterministic, line-free ``GraphSnapshot``, for a file kept in review.
    public var snapshot: GraphSnapshot { GraphSnapshot(self) }
}
