/// One problem that ``Injector/validate()`` found in a graph.
///
/// Its ``description`` reads like a compiler diagnostic: what is wrong, the path of bindings
/// that leads there, where they were declared, and what would fix it.
public struct GraphProblem: Hashable, Sendable, CustomStringConvertible {
    /// The kinds of problem validation reports.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// A binding needs a type that nothing binds.
        case missingBinding
        /// Bindings need each other in a loop of direct dependencies.
        case cycle
        /// A longer-lived instance holds a shorter-lived one, which then outlives its scope.
        case captiveDependency
        /// Two bindings of one type, name and version, the second without `.overriding()`.
        case duplicateBinding
        /// `.overriding()` on a binding that replaces nothing.
        case overrideWithoutTarget
        /// The version selection names a service that nothing binds.
        case unsatisfiableVersion
        /// A binding needs a type that is bound but not served under the version selection:
        /// bound only in later versions, or retired (see ``NotServed``).
        case notServed
        /// A retirement of a type that nothing binds.
        case retiresUnbound
        /// A version that is not of the form `v1`, `v2.1`.
        case invalidVersion
        /// A binding with run-time arguments asked for without them or with other ones, or
        /// one that cannot take arguments (an eager singleton).
        case runTimeArguments
        /// A decorator of a type that nothing binds.
        case decoratesUnbound
        /// An asynchronous binding asked for where nothing can await it: through a ``Provider``
        /// or ``Lazy``, or by a factory that cannot await (opaque, with run-time arguments).
        case asynchronousDependency
        /// A binding that is not isolated to the main actor holds one that is: directly, or
        /// through a ``Provider`` or ``Lazy``, which would build it synchronously wherever the
        /// holder calls them.
        case isolationCaptive
        /// A binding declares a closer (`closing(_:)`), but its scope is transient: the injector
        /// keeps none of its instances, so its shutdown would never close one.
        case closesTransient
    }

    /// What kind of problem this is.
    public let kind: Kind
    /// The kind's stable identifier, which ``description`` prints (`[G101]`).
    public var diagnosticID: DiagnosticID { kind.diagnosticID }
    /// The key the problem is about: the binding that is duplicated, cyclic, captive, refused or
    /// decorated, or, for a missing or not-served dependency, the binding that needs it; `nil`
    /// for a problem of the version selection itself.
    public let subject: ServiceKey?
    /// The other keys the problem relates: the missing or not-served dependency, the held
    /// binding of a captive, the rest of a cycle's loop.
    public let related: [ServiceKey]
    /// For a ``Kind/notServed`` problem, the facts of the dependency that is not served.
    public let notServed: NotServed?
    /// The declaration the problem points at, when one does: the second binding of a duplicate,
    /// a binding that says `.overriding()` in vain, a binding or decorator with a malformed
    /// version, a decorator of nothing, a retirement of nothing, a withdraw of nothing.
    public let site: DeclarationSite?
    /// The problem in one line, without the `error: ` prefix and the identifier.
    public let message: String
    /// The bindings that lead to the problem, outermost first. A long path keeps at most 16
    /// bindings: its first and the 15 nearest the problem (a missing binding's path then ends
    /// with the missing type; a captive chain keeps the holder, the steps after it and the
    /// captive). ``omittedSteps`` counts the rest.
    public var path: [PathStep] { route.steps }
    /// How many steps of a long path ``path`` leaves out.
    public var omittedSteps: Int { route.omitted }
    /// Further facts, one per line.
    public let notes: [String]
    /// What would fix the problem.
    public let fix: String
    private let route: Path
    private let pathLabel: String

    init(
        _ kind: Kind, _ message: String, subject: ServiceKey?, related: [ServiceKey] = [], notServed: NotServed? = nil,
        site: DeclarationSite? = nil, path: Path = Path([]), pathLabel: String = "needed by", notes: [String] = [],
        fix: String
    ) {
        self.kind = kind
        self.site = site
        self.subject = subject
        self.related = related
        self.notServed = notServed
        self.message = message
        route = path
        self.pathLabel = pathLabel
        self.notes = notes
        self.fix = fix
    }

    /// The same problem with `notes` after its own.
    func adding(notes more: [String]) -> GraphProblem {
        GraphProblem(
            kind, message, subject: subject, related: related, notServed: notServed, site: site, path: route,
            pathLabel: pathLabel, notes: notes + more, fix: fix)
    }

    public var description: String {
        Diagnostic.render(message, id: kind.diagnosticID, path: route, pathLabel: pathLabel, notes: notes, fix: fix)
    }
}
