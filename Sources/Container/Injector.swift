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
    /// This level's bindings over its parent's.
    let layer: Layer
    /// A child's parent, whose resettable cells a reset empties too.
    private let parent: Injector?
    @usableFromInline let table: ProducerTable
    /// This level's resettable cells, by scope name.
    private let resettable: [String: [any ResettableCell]]
    let scopes: ScopeRegistry
    /// Whether the whole graph had no problem when this injector was built.
    let isValid: Bool

    /// Builds an injector from `modules` for a version selection.
    ///
    /// - Parameters:
    ///   - modules: The modules whose bindings make the graph, configured in this order.
    ///   - versions: Which implementation versions to serve; when not given
    ///     (``VersionSelection/latest``), each type's highest bound version.
    ///   - validating: Whether to throw when validation finds a problem. Leave it `true`
    ///     except to inspect a broken graph with ``validate()``, ``graph`` or ``explain(_:named:)``.
    /// - Throws: ``ValidationError`` with every problem in the graph; ``ResolutionError`` when
    ///   an eager singleton cannot be built.
    public convenience init(modules: [any Module], versions: VersionSelection = .latest,
                            validating: Bool = true) throws {
        let binder = Binder()
        for module in modules { module.configure(binder) }
        let declared = binder.finish()
        let layer = Layer(selection: Selection(bindings: declared.bindings, versions: versions),
                          declared: declared, versions: versions, parent: nil, strict: false)
        try self.init(layer, versions: versions, parent: nil, scopes: ScopeRegistry(), validating: validating)
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
        let declared = binder.finish()
        let selection = Selection(bindings: declared.bindings, versions: versions, asOverrides: true)
        let child = Layer(selection: selection, declared: declared, versions: versions, parent: layer, strict: strict)
        return try Injector(child, versions: versions, parent: self, scopes: scopes, validating: true)
    }

    /// Builds a child injector from `modules`, whose bindings shadow this one's; see
    /// ``child(strict:_:)``.
    public func child(modules: [any Module], strict: Bool = false) throws -> Injector {
        try child(strict: strict) { binder in
            for module in modules { module.configure(binder) }
        }
    }

    /// Compiles and validates `layer`, throws its problems, then builds its eager singletons.
    private init(_ layer: Layer, versions: VersionSelection, parent: Injector?, scopes: ScopeRegistry,
                 validating: Bool) throws {
        let assembly = Assembly(layer: layer, parent: parent, scopes: scopes)
        self.versions = versions
        self.layer = layer
        self.parent = parent
        self.scopes = scopes
        table = assembly.table
        resettable = assembly.resettable
        isValid = assembly.problems.isEmpty && (parent?.isValid ?? true)
        if validating, !assembly.problems.isEmpty { throw ValidationError(problems: assembly.problems) }
        for build in assembly.eager { try build() }
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

    /// The instance that the binding of `type` builds from run-time arguments: what an
    /// injected ``Factory`` makes when called with them.
    ///
    /// ```swift
    /// let detail = try injector.resolve(OrderDetail.self, arguments: OrderID("A-17"))
    /// ```
    /// - Throws: ``ResolutionError``, naming the expected and given argument types when they
    ///   differ from the binding's.
    public func resolve<T: Sendable, First: Hashable & Sendable, each Rest: Hashable & Sendable>(
        _ type: T.Type = T.self, named name: String? = nil, arguments first: First, _ rest: repeat each Rest
    ) throws(ResolutionError) -> T {
        let factory = try table.resolveFactory(Factory<First, repeat each Rest, T>.self, of: .of(type, named: name),
                                               arguments: ArgumentList(First.self, repeat (each Rest).self))
        return try factory.make(first, repeat each rest)
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
        let problems = layer.allSelectionProblems + GraphValidator.validate(
            bindings: layer.allKeys.compactMap(layer.binding(for:)),
            unsatisfied: layer.unsatisfied(for:), unneeded: layer.allUnsatisfied)
        if !problems.isEmpty { throw ValidationError(problems: problems) }
    }
}
