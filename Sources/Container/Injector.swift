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
    /// Kept alive for the producers a child inherits: they reach their table weakly.
    let parent: Injector?
    /// Every key with a chosen binding, in declaration order (a parent's first).
    let order: [ServiceKey]
    let selected: [ServiceKey: Selected]
    let unsatisfied: [ServiceKey: Unsatisfied]
    /// Keys a child binds itself, shadowing its parent.
    let overridden: Set<ServiceKey>
    /// Live-only keys that this strict child refuses to build.
    let refused: Set<ServiceKey>
    @usableFromInline let table: ProducerTable
    private let resettable: [String: [any ResettableCell]]
    let scopes: ScopeRegistry
    /// For each key, the keys whose bindings depend on it.
    let dependants: [ServiceKey: [ServiceKey]]
    /// Problems found while settling duplicates and versions, before the graph existed.
    let selectionProblems: [GraphProblem]

    typealias Unsatisfied = (selected: String, bound: [String])

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
        let bindings = binder.freezeBindings()
        let selection = Selection(bindings: bindings, versions: versions)
        let assembly = Assembly(
            versions: versions, parent: nil, order: selection.order,
            selected: selection.selected, unsatisfied: selection.unsatisfied, overridden: [],
            refused: [], inherited: [:], resettable: [:], scopes: ScopeRegistry(),
            problems: selection.problems)
        self.init(assembly)
        try finish(assembly, validating: validating)
    }

    /// Builds a child injector whose bindings shadow this one's, for a test or a feature.
    ///
    /// The parent never changes. The child shares the parent's singletons, unless a singleton
    /// depends (directly or not) on something the child overrides: the child then builds its
    /// own, so a test's fake always wins.
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
        let own = Selection(bindings: bindings, versions: parent.versions)
        var selected = parent.selected
        var order = parent.order
        for key in own.order {
            guard let chosen = own.selected[key] else { continue }
            if selected[key] == nil { order.append(key) }
            selected[key] = Selected(binding: chosen.binding, candidates: chosen.candidates,
                                     reason: "overridden by the child injector")
        }
        let overridden = parent.overridden.union(own.selected.keys)
        let refused = strict
            ? Set(order.filter { selected[$0]!.binding.isLiveOnly && !overridden.contains($0) })
            : parent.refused.subtracting(own.selected.keys)
        var unsatisfied = parent.unsatisfied.filter { own.selected[$0.key] == nil }
        unsatisfied.merge(own.unsatisfied) { _, new in new }
        let affected = parent.keysDepending(on: Set(own.selected.keys).union(refused))
        let assembly = Assembly(
            versions: parent.versions, parent: parent,
            order: order, selected: selected, unsatisfied: unsatisfied, overridden: overridden,
            refused: refused, inherited: parent.table.producers.filter { !affected.contains($0.key) },
            resettable: parent.resettable, scopes: parent.scopes, problems: own.problems)
        self.init(assembly)
        try finish(assembly, validating: true)
    }

    private init(_ assembly: Assembly) {
        versions = assembly.versions
        parent = assembly.parent
        order = assembly.order
        selected = assembly.selected
        unsatisfied = assembly.unsatisfied
        overridden = assembly.overridden
        refused = assembly.refused
        resettable = assembly.resettable
        scopes = assembly.scopes
        dependants = assembly.dependants
        selectionProblems = assembly.selectionProblems
        table = assembly.table
    }

    /// Points the producers at this injector, then throws validation problems and builds eager
    /// singletons.
    private func finish(_ assembly: Assembly, validating: Bool) throws {
        if validating, !assembly.problems.isEmpty { throw ValidationError(problems: assembly.problems) }
        for build in assembly.eager { try build() }
    }

    /// The keys whose bindings need any of `keys`, directly or not, including `keys`.
    func keysDepending(on keys: Set<ServiceKey>) -> Set<ServiceKey> {
        var found = keys
        var pending = Array(keys)
        while let key = pending.popLast() {
            for dependant in dependants[key] ?? [] where found.insert(dependant).inserted {
                pending.append(dependant)
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
        for cell in resettable[name] ?? [] { cell.clear() }
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
        let problems = selectionProblems + GraphValidator.validate(
            bindings: order.map { selected[$0]!.binding }, unsatisfied: unsatisfied).problems
        if !problems.isEmpty { throw ValidationError(problems: problems) }
    }
}
