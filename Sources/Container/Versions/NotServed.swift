/// A key that is bound, but that no binding serves under the injector's version selection:
/// every bound version is above the selected one, or the key was retired at or below it.
///
/// Being not served is no problem by itself: a generation may add a service that an older one
/// lacks. A required dependency on such a key is a ``GraphProblem/Kind/notServed`` problem of
/// its dependant; an optional one (`T?`) gets `nil`; ``Injector/resolve(_:isolation:)-3vbz7`` throws
/// ``ResolutionError/Reason/notServed(_:)``.
///
/// ```swift
/// binder.bind(CloudBackup.self, to: CloudBackup.init).version("v2")
/// let v1 = try Injector(modules: [NotesModule()], versions: VersionSelection(default: "v1"))
/// print(v1.graph.notServed[0])   // CloudBackup: not served under v1 (run-time default): bound only in v2 (…)
/// ```
public struct NotServed: Hashable, Sendable, CustomStringConvertible {
    /// The key that is not served.
    public let key: ServiceKey
    /// The version the selection chose for the key; `nil` when no selection was given, so the
    /// latest declaration, a retirement, decided.
    public let selectedVersion: String?
    /// Where that choice came from.
    public let origin: VersionSelection.Origin
    /// The key's bindings and retirements, lowest version first.
    public let candidates: [Candidate]

    /// The retirement that ends the key at or below the selected version, if that is why it is
    /// not served; otherwise every binding is of a later version.
    public var retirement: Candidate? {
        // The selection chose it, as it chooses a binding.
        candidates.first { $0.isRetirement && $0.isSelected }
    }

    /// The bindings of later versions than the one selected: what could serve the key if a
    /// later version were selected.
    public var laterBindings: [Candidate] {
        candidates[(lastAtOrBelowSelected + 1)...].filter { !$0.isRetirement }
    }

    private var lastAtOrBelowSelected: Int {
        guard let selectedVersion else { return candidates.count - 1 }
        guard let wanted = Version(selectedVersion) else { return -1 }
        return candidates.lastIndex { $0.version.flatMap(Version.init).map { $0 <= wanted } ?? true } ?? -1
    }

    /// Why, in a few words: `bound only in v2 (ImplV2/Module.swift:12)` or
    /// `retired in v3 (ImplV3/Module.swift:8)`.
    public var why: String { why(withSites: true) }

    /// ``why`` with or without the declaration sites: a graph snapshot leaves them out, so that
    /// moving a line changes nothing.
    func why(withSites: Bool) -> String {
        func shown(_ candidate: Candidate) -> String {
            withSites ? candidate.description : (candidate.version ?? "unversioned")
        }
        if let retirement { return withSites ? retirement.description : "retired in \(retirement.version ?? "")" }
        return "bound only in " + laterBindings.map(shown).joined(separator: ", ")
    }

    /// `not served under v1 (run-time default): bound only in v2 (App/Analytics.swift:4)`: what
    /// ``Injector/explain(_:named:)`` says, and how every diagnostic about the key ends.
    public var reason: String {
        "not served under \(selectedVersion ?? "latest") (\(origin)): \(why)"
    }

    /// `Analytics: not served under v1 (run-time default): bound only in v2 (App/Analytics.swift:4)`.
    public var description: String { "\(key): \(reason)" }
}
