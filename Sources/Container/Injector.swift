import Synchronization

/// Builds and serves the instances that its modules bind.
///
/// An injector is built once from its modules and is then frozen: its bindings never change,
/// it is `Sendable`, and any thread may resolve from it at any time without a global lock.
/// Building it validates the whole graph and throws a ``ValidationError`` listing every
/// problem, so a graph that builds resolves.
///
/// ```swift
/// let injector = try Injector(modules: [NetworkModule(), ImplV1Module(), ImplV2Module()],
///                             versions: VersionSelection(default: "v2"))
/// let cart = try injector.resolve(CartService.self)
/// ```
public final class Injector: Sendable {
    /// The version selection this injector serves.
    public let versions: VersionSelection
    /// A child's parent; its producers and bindings serve whatever the child does not bind.
    let parent: Injector?
    /// The bindings this level declared, settled and chosen.
    let selection: Selection
    /// Live-only keys that this strict child refuses to build.
    let refused: Set<ServiceKey>
    @usableFromInline let table: ProducerTable
    /// This level's resettable cells; a reset also empties the parent's.
    private let resettable: [String: [any ResettableCell]]
    let scopes: ScopeRegistry
    /// For each key, the keys of this level's bindings that depend on it.
    private let dependants: [ServiceKey: [ServiceKey]]
    /// Whether the whole graph had no problem when this injector was built.
    let isValid: Bool

    /// Builds an injector from `modules` for a version selection.
    ///
    /// - Parameters:
    ///   - modules: The modules whose bindings make the graph, configured in this order.
    ///   - versions: Which implementation versions to serve; the build's default
    ///     (``VersionSelection/buildDefault``) when not given.
    ///   - validating: Whether to throw when validation finds a problem. Leave it `true`
    ///     except to inspect a broken graph with ``validate()``, ``graph`` or ``explain(_:named:)``.
    /// - Throws: ``ValidationError`` with every problem in the graph; ``ResolutionError`` when
    ///   an eager singleton cannot be built.
    public convenience init(modules: [any Module], versions: VersionSelection = .buildDefault,
                            validating: Bool = true) throws {
        let binder = Binder()
        for module in modules { module.configure(binder) }
        let selection = Selection(bindings: binder.freezeBindings(), versions: versions)
        let scopes = ScopeRegistry()
        let assembly = Assembly(selection: selection, parent: nil, affected: [], refused: [], scopes: scopes)
        self.init(assembly, versions: versions, parent: nil, refused: [], scopes: scopes)
        try finish(assembly, validating: validating)
    }

    /// Builds a child injector whose bindings shadow this one's, for a test or a feature.
    ///
    /// The parent never changes. The child shares the parent's singletons, unless a singleton
    /// depends (directly or not) on something the child overrides: the child then builds its
    /// own, so a test's fake always wins. A child costs in proportion to what its bindings
    /// touch, not to the size of the parent's graph.
    ///
    /// ```swift
    /// let test = try injector.child(strict: true) { binder in
    ///     binder.bind(Transport.self, toInstance: ScriptedTransport(responses))
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - strict: When `true`, the child refuses to build a binding marked
    ///     ``BindingBuilder/liveOnly()`` that it does not override, and says who needed it.
    ///   - configure: Declares the child's bindings; `.overriding()` is not needed to shadow
    ///     a parent binding.
    /// - Throws: ``ValidationError`` when the child's graph has problems.
    public func child(strict: Bool = false, _ configure: (Binder) -> Void) throws -> Injector {
        let binder = Binder()
        configure(binder)
        return try Injector(parent: self, bindings: binder.freezeBindings(), strict: strict)
    }

    /// Builds a child injector from `modules`, whose bindings shadow this one's; see
    /// ``child(strict:_:)``.
    public func child(modules: [any Module], strict: Bool = false) throws -> Injector {
        try child(strict: strict) { binder in
            for module in modules { module.configure(binder) }
        }
    }

    private convenience init(parent: Injector, bindings: [Binding], strict: Bool) throws {
        let selection = Selection(bindings: bindings, versions: parent.versions, asOverrides: true)
        let own = Set(selection.selected.keys)
        let refused = strict ? parent.liveOnlyKeys().subtracting(own) : []
        let affected = parent.keysDepending(on: own.union(refused))
        let assembly = Assembly(selection: selection, parent: parent, affected: affected, refused: refused,
                                scopes: parent.scopes)
        self.init(assembly, versions: parent.versions, parent: parent, refused: refused, scopes: parent.scopes)
        try finish(assembly, validating: true)
    }

    private init(_ assembly: Assembly, versions: VersionSelection, parent: Injector?, refused: Set<ServiceKey>,
                 scopes: ScopeRegistry) {
        self.versions = versions
        self.parent = parent
        self.refused = refused
        self.scopes = scopes
        selection = assembly.selection
        table = assembly.table
        resettable = assembly.resettable
        dependants = assembly.dependants
        isValid = assembly.problems.isEmpty && (parent?.isValid ?? true)
    }

    /// Throws validation problems, then builds eager singletons.
    private func finish(_ assembly: Assembly, validating: Bool) throws {
        if validating, !assembly.problems.isEmpty { throw ValidationError(problems: assembly.problems) }
        for build in assembly.eager { try build() }
    }

    // MARK: Layers

    /// The binding chosen for `key`, here or in a parent.
    func selected(for key: ServiceKey) -> Selected? {
        selection.selected[key] ?? parent?.selected(for: key)
    }

    /// The version nothing serves for `key`, when nothing does.
    func unsatisfied(for key: ServiceKey) -> Unsatisfied? {
        guard selected(for: key) == nil else { return nil }
        return selection.unsatisfied[key] ?? parent?.unsatisfied(for: key)
    }

    /// Every key with a chosen binding, a parent's first, each in declaration order.
    var allKeys: [ServiceKey] {
        guard let parent else { return selection.order }
        return parent.allKeys + selection.order.filter { parent.selected(for: $0) == nil }
    }

    /// Whether a child level binds `key` itself, shadowing an ancestor.
    func isOverridden(_ key: ServiceKey) -> Bool {
        guard let parent else { return false }
        return selection.selected[key] != nil || parent.isOverridden(key)
    }

    /// Whether this injector refuses to build `key` (a strict child's live-only binding).
    func isRefused(_ key: ServiceKey) -> Bool {
        if refused.contains(key) { return true }
        return selection.selected[key] == nil && parent?.isRefused(key) == true
    }

    /// The live-only keys that this injector serves with a live-only binding.
    func liveOnlyKeys() -> Set<ServiceKey> {
        var keys = parent?.liveOnlyKeys() ?? []
        for key in selection.order {
            if selection.selected[key]!.binding.isLiveOnly { keys.insert(key) } else { keys.remove(key) }
        }
        return keys
    }

    /// The keys whose bindings need any of `keys`, directly or not, including `keys`.
    func keysDepending(on keys: Set<ServiceKey>) -> Set<ServiceKey> {
        var found = keys
        var pending = Array(keys)
        while let key = pending.popLast() {
            var level: Injector? = self
            while let current = level {
                for dependant in current.dependants[key] ?? [] where found.insert(dependant).inserted {
                    pending.append(dependant)
                }
                level = current.parent
            }
        }
        return found
    }

    // MARK: Resolving

    /// The instance bound to `type`.
    ///
    /// ```swift
    /// let logic = try injector.resolve(CustomerLogic.self)
    /// ```
    ///
    /// `Provider<T>` and `Lazy<T>` can be resolved too, for any bound `T`.
    /// - Throws: ``ResolutionError`` saying what is missing or what failed, and the path to it.
    @inlinable
    public func resolve<T: Sendable>(_ type: T.Type = T.self) throws(ResolutionError) -> T {
        try table.resolve(type)
    }

    /// The instance bound to `type` under `name`.
    /// - Throws: ``ResolutionError`` saying what is missing or what failed, and the path to it.
    public func resolve<T: Sendable>(_ type: T.Type = T.self, named name: String) throws(ResolutionError) -> T {
        try table.resolve(type, named: name)
    }

    // MARK: Scopes

    /// Empties a resettable scope: every instance it holds is dropped, here and in every
    /// injector of the same family (parent and children), and the next request builds anew.
    ///
    /// ```swift
    /// injector.reset(.session)   // on logout
    /// ```
    /// - Precondition: `scope` is a resettable scope, such as ``Scope/session``.
    public func reset(_ scope: Scope) {
        guard case .resettable(let name) = scope.kind else {
            preconditionFailure("reset(.\(scope)) asks to empty a scope that cannot be reset; only scopes made with Scope.resettable(_:), such as .session, can")
        }
        scopes.advance(name)
        var level: Injector? = self
        while let current = level {
            for cell in current.resettable[name] ?? [] { cell.clear() }
            level = current.parent
        }
    }

    // MARK: Validation

    /// Checks the whole graph and reports every problem at once: missing bindings (with the
    /// path that needs them), dependency cycles (the whole loop), captive dependencies,
    /// duplicates without `.overriding()`, and version selections nothing can satisfy.
    ///
    /// `Injector(modules:)` already throws these unless built with `validating: false`. Each
    /// call checks the graph anew; the work grows linearly with bindings + edges.
    /// - Throws: ``ValidationError`` listing every problem.
    public func validate() throws(ValidationError) {
        var selectionProblems: [GraphProblem] = []
        var level: Injector? = self
        while let current = level {
            selectionProblems = current.selection.problems + selectionProblems
            level = current.parent
        }
        let unneeded = Dictionary(allUnsatisfied.map { ($0, $1) }) { first, _ in first }
        let problems = selectionProblems + GraphValidator.validate(
            bindings: allKeys.compactMap { selected(for: $0)?.binding },
            unsatisfied: { [self] in unsatisfied(for: $0) }, unneeded: unneeded).problems
        if !problems.isEmpty { throw ValidationError(problems: problems) }
    }

    /// Every key whose selected version nothing serves, at any level.
    private var allUnsatisfied: [(ServiceKey, Unsatisfied)] {
        var level: Injector? = self
        var found: [(ServiceKey, Unsatisfied)] = []
        while let current = level {
            found += current.selection.unsatisfied.compactMap { key, missing in
                selected(for: key) == nil ? (key, missing) : nil
            }
            level = current.parent
        }
        return found
    }
}
