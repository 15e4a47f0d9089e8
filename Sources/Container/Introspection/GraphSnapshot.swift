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
    /// The version of this format; a reader refuses another.
    public static let currentSchema = 1

    /// The format version the snapshot was written in: ``currentSchema``.
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
        /// How long its instances live: `transient`, `singleton`, `session`…
        public let scope: String
        /// The file of the binding that serves it, as `#fileID` spells it.
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
                scope: node.lifetime, file: node.site.fileID,
                dependencies: (outgoing[node.key] ?? []).filter { !node.isCollection || $0.to.item == nil }.map(
                    Self.dependency),
                decorators: node.decorators.map(Self.decorator),
                items: node.isCollection ? (outgoing[node.key] ?? []).map(\.to.description) : nil,
                liveOnly: node.isLiveOnly, asynchronous: node.isAsynchronous)
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

extension DependencyGraph {
    /// The graph as a deterministic, line-free ``GraphSnapshot``, for a file kept in review.
    public var snapshot: GraphSnapshot { GraphSnapshot(self) }
}
