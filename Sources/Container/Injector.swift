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
    /// A child's parent, which the child keeps alive.
    private let parent: Injector?
    @usableFromInline let table: ProducerTable
    /// What this injector shares with its parent and children: scopes and the wait graph of builds.
    let family: InjectorFamily
    /// Whether the whole graph had no problem when this injector was built.
    let isValid: Bool
    /// This level's eager singletons, built by the initializer that made it.
    private let eager: [EagerBuild]
    /// Set once, by the initializer, when its eager singletons are built.
    private let profile = Mutex(StartUpProfile(entries: [], total: .zero))
    /// The gate this level's builds read, what it keeps that closes, its children, and its one
    /// shutdown.
    let levelShutdown: LevelShutdown

    /// How long each eager singleton took to build when this injector started.
    public var startUpProfile: StartUpProfile {
        profile.withLock { $0 }
    }

    /// Builds an injector from `modules` for a version selection.
    ///
    /// - Parameters:
    ///   - modules: The modules whose bindings make the graph, configured in this order.
    ///   - versions: Which implementation versions to serve; when not given
    ///     (``VersionSelection/latest``), each type's highest bound version.
    ///   - validating: How much of the graph to check (see ``Validation``): all of it, throwing
    ///     its problems, unless given ``Validation/reporting`` to inspect a broken graph with
    ///     ``validate()``, ``graph`` or ``explain(_:named:)``, or ``Validation/skipped`` in an app
    ///     whose CI proves every selection.
    ///   - isolation: The caller's actor, which the compiler fills in: leave it out. On the
    ///     main actor, an eager singleton isolated to it is built here.
    /// - Throws: ``ValidationError`` with every problem in the graph; ``ResolutionError`` when
    ///   an eager singleton cannot be built.
    public convenience init(
        modules: [any Module], versions: VersionSelection = .latest,
        validating: Validation = .all, isolation: isolated (any Actor)? = #isolation
    ) throws {
        try self.init(
            Self.root(modules, versions), versions: versions, parent: nil, family: InjectorFamily(),
            validating: validating)
        try MainActorContext.run(on: isolation) { () throws in try startUpSynchronously() }
    }

    /// Builds an injector from `modules`, then builds its eager singletons, asynchronous ones
    /// too, concurrently: each as soon as the eager singletons it needs are built, all within
    /// this call (no task outlives it). ``startUpProfile`` then says how long each took.
    ///
    /// ```swift
    /// let injector = try await Injector.start(modules: [StoreModule(), AppModule()])
    /// let store = try await injector.resolveAsync(Store.self)   // opened at start-up
    /// ```
    ///
    /// The forms that may suspend have names of their own — `start`, ``startChild(strict:_:)``,
    /// ``resolveAsync(_:)-15p0t`` — because in an `async` function Swift picks an `async` overload
    /// over a synchronous one of the same name, which would make every synchronous call there
    /// need `await` (XCTest renamed `wait(for:)` to `fulfillment(of:)` for the same reason).
    /// - Parameters:
    ///   - modules: The modules whose bindings make the graph, configured in this order.
    ///   - versions: Which implementation versions to serve; each type's latest bound version
    ///     (``VersionSelection/latest``) when not given.
    ///   - validating: How much of the graph to check (see ``Validation``); all of it by default.
    /// - Throws: ``ValidationError`` with every problem in the graph; ``ResolutionError`` when
    ///   an eager singleton cannot be built (the first failure; the other builds are cancelled).
    public static func start(
        modules: [any Module], versions: VersionSelection = .latest,
        validating: Validation = .all
    ) async throws -> Injector {
        let injector = try Injector(
            root(modules, versions), versions: versions, parent: nil, family: InjectorFamily(),
            validating: validating)
        try await injector.startUp()
        return injector
    }

    /// For a test trait's shared injector, whose every child is strict:
    /// ``start(modules:versions:validating:)`` without building the eager singletons that a strict
    /// child never takes from it — the live-only ones, and those that depend on one, which each
    /// child builds itself from its test's fakes — so a test suite never opens the real store.
    package static func startForStrictChildren(
        modules: [any Module], versions: VersionSelection
    ) async throws -> Injector {
        let injector = try Injector(
            root(modules, versions), versions: versions, parent: nil, family: InjectorFamily(), validating: .all)
        try await injector.startUp(skipping: injector.layer.keysDepending(on: injector.layer.liveOnlyKeys()))
        return injector
    }

    /// Builds the eager singletons, asynchronous ones too, except those of `skipped`, and records
    /// how long each took.
    private func startUp(skipping skipped: Set<ServiceKey> = []) async throws {
        let builds = skipped.isEmpty ? eager : eager.filter { !skipped.contains($0.key) }
        let profile = try await StartUp.run(builds, in: layer)
        self.profile.withLock { $0 = profile }
    }

    /// The root level that `modules` declare.
    static func root(_ modules: [any Module], _ versions: VersionSelection) -> Layer {
        root(declare(modules), versions)
    }

    /// What `modules` declare, each configured once, in order.
    static func declare(_ modules: [any Module]) -> Declarations {
        let binder = Binder()
        for module in modules { module.configure(binder) }
        return binder.finish()
    }

    /// The root level that `declared` makes under `versions`.
    static func root(_ declared: Declarations, _ versions: VersionSelection) -> Layer {
        Layer(
            selection: Selection(bindings: declared.bindings, versions: versions),
            declared: declared, versions: versions, parent: nil, strict: false)
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
    ///   - isolation: The caller's actor, which the compiler fills in: leave it out. On the
    ///     main actor, the child's own eager singletons isolated to it are built here.
    /// - Throws: ``ValidationError`` when the child's graph has problems.
    public func child(
        strict: Bool = false, isolation: isolated (any Actor)? = #isolation,
        _ configure: (Binder) -> Void
    ) throws -> Injector {
        let injector = try unstartedChild(strict: strict, configure)
        try MainActorContext.run(on: isolation) { () throws in try injector.startUpSynchronously() }
        return injector
    }

    /// Builds a child injector, then builds the eager singletons it keeps itself, asynchronous
    /// ones too, as ``start(modules:versions:validating:)`` does; see the synchronous
    /// ``child(strict:isolation:_:)``.
    ///
    /// ```swift
    /// let test = try await injector.startChild(strict: true) { binder in
    ///     binder.bind(Store.self) { () async throws in try await Store.open(inMemory: true) }
    ///         .scope(.eagerSingleton)
    /// }
    /// ```
    /// - Throws: ``ValidationError`` when the child's graph has problems; ``ResolutionError``
    ///   when an eager singleton cannot be built.
    public func startChild(strict: Bool = false, _ configure: (Binder) -> Void) async throws -> Injector {
        let injector = try unstartedChild(strict: strict, configure)
        try await injector.startUp()
        return injector
    }

    /// Builds a child injector from `modules` and its eager singletons, asynchronous ones too;
    /// see ``startChild(strict:_:)``.
    public func startChild(modules: [any Module], strict: Bool = false) async throws -> Injector {
        try await startChild(strict: strict) { binder in
            for module in modules { module.configure(binder) }
        }
    }

    /// The validated child whose eager singletons are not built yet.
    private func unstartedChild(strict: Bool, _ configure: (Binder) -> Void) throws -> Injector {
        let binder = Binder()
        configure(binder)
        let declared = binder.finish()
        let selection = Selection(bindings: declared.bindings, versions: versions, asOverrides: true)
        let child = Layer(selection: selection, declared: declared, versions: versions, parent: layer, strict: strict)
        return try Injector(child, versions: versions, parent: self, family: family, validating: .all)
    }

    /// Builds a child injector from `modules`, whose bindings shadow this one's; see
    /// ``child(strict:isolation:_:)``.
    public func child(
        modules: [any Module], strict: Bool = false,
        isolation: isolated (any Actor)? = #isolation
    ) throws -> Injector {
        try child(strict: strict, isolation: isolation) { binder in
            for module in modules { module.configure(binder) }
        }
    }

    /// Compiles and validates `layer` and throws its problems; the caller builds its eager singletons.
    private init(
        _ layer: Layer, versions: VersionSelection, parent: Injector?, family: InjectorFamily,
        validating: Validation
    ) throws {
        levelShutdown = LevelShutdown(parent: parent?.levelShutdown)
        let assembly = Assembly(
            layer: layer, parent: parent, family: family, shutdown: levelShutdown, validating: validating != .skipped)
        self.versions = versions
        self.layer = layer
        self.parent = parent
        self.family = family
        table = assembly.table
        // A skipped check trusts the graph as proven elsewhere (the app's CI), so a child checks
        // only what its bindings change, as under a checked parent. A level that was checked is
        // valid when the check found nothing: in full when its parent was not valid, else in part.
        isValid = validating == .skipped || assembly.problems.isEmpty
        eager = assembly.eager
        if validating == .all, !assembly.problems.isEmpty { throw ValidationError(problems: assembly.problems) }
        // Last, so that only an injector that is returned joins its parent's shutdown.
        levelShutdown.built(layer, keeping: assembly.closables)
    }

    deinit {
        levelShutdown.leave()
    }

    /// Builds the eager singletons one after another, or throws when some are asynchronous.
    private func startUpSynchronously() throws {
        guard !eager.isEmpty else { return }
        let asynchronous = eager.filter { if case .asynchronous = $0.build { true } else { false } }
        if let first = asynchronous.first {
            throw ResolutionError(.asynchronousStart(asynchronous.map(\.key)), key: first.key)
        }
        let profile = try StartUp.runSynchronously(eager, in: layer)
        self.profile.withLock { $0 = profile }
    }

    // MARK: Resolving

    /// The instance bound to `type`.
    ///
    /// ```swift
    /// let logic = try injector.resolve(CustomerLogic.self)
    /// ```
    ///
    /// `Provider<T>` and `Lazy<T>` can be resolved too, for any bound `T`.
    /// - Parameters:
    ///   - type: The bound type, or `Provider<T>`, `Lazy<T>` or `T?` of one.
    ///   - isolation: The caller's actor, which the compiler fills in: leave it out. On the main
    ///     actor, a binding isolated to it (`bind(_:onMainActor:)`) is built here; elsewhere,
    ///     resolve such a binding with `try await`.
    /// - Throws: ``ResolutionError`` saying what is missing or what failed, and the path to it.
    @inlinable
    public func resolve<T: Sendable>(
        _ type: T.Type = T.self,
        isolation: isolated (any Actor)? = #isolation
    ) throws(ResolutionError) -> T {
        // Code outside any actor, and any caller of an injector without main-actor bindings,
        // pays one or two tests for the parameter.
        guard let isolation, table.servesMainActor, MainActorContext.enter(isolation) else {
            return try table.resolve(type)
        }
        defer { MainActorContext.leave() }
        return try table.resolve(type)
    }

    /// The instance bound to `type` whose type is not `Sendable`, on the main actor: how an app
    /// target with default main-actor isolation resolves its protocols, which are not `Sendable`
    /// unless they say so.
    ///
    /// ```swift
    /// protocol Clock { func now() -> Date }              // not Sendable
    /// let clock = try injector.resolve(Clock.self)       // on the main actor
    /// ```
    ///
    /// Such a type is bound on the main actor (see `Binder.bind(_:to:)`), so an instance never
    /// leaves it; Swift picks this method only for a type that is not `Sendable`, and the
    /// `resolve` that is not isolated for any other.
    /// - Parameters:
    ///   - type: The bound type.
    ///   - isolation: Ignored: it keeps this method's parameters those of the `resolve` for
    ///     `Sendable` types, so that Swift tells the two apart by `T` alone. Leave it out.
    /// - Throws: ``ResolutionError`` saying what is missing or what failed, and the path to it.
    @MainActor
    public func resolve<T>(
        _ type: T.Type = T.self,
        isolation: (any Actor)? = #isolation
    ) throws(ResolutionError) -> T {
        try MainActorContext.marked { () throws(ResolutionError) -> T in try table.resolve(type, named: nil)
        }
    }

    /// The instance bound to `type` under `name` whose type is not `Sendable`, on the main
    /// actor; see the `resolve(_:isolation:)` of a type that is not `Sendable`.
    @MainActor
    public func resolve<T>(
        _ type: T.Type = T.self, named name: String,
        isolation: (any Actor)? = #isolation
    ) throws(ResolutionError) -> T {
        try MainActorContext.marked { () throws(ResolutionError) -> T in try table.resolve(type, named: name)
        }
    }

    /// The instance bound to `type` under `name`; for `Provider<T>`, `Lazy<T>` or `T?`, that
    /// wrapper of the binding of `T` named `name`.
    ///
    /// ```swift
    /// let replica = try injector.resolve(Provider<Database>.self, named: "replica")
    /// let audit = try injector.resolve((any AuditLog)?.self, named: "remote")   // nil when unbound
    /// ```
    /// - Parameters:
    ///   - type: The bound type, or `Provider<T>`, `Lazy<T>` or `T?` of one.
    ///   - name: The name it was bound under, with `.named(_:)`.
    ///   - isolation: The caller's actor, which the compiler fills in: leave it out.
    /// - Throws: ``ResolutionError`` saying what is missing or what failed, and the path to it.
    public func resolve<T: Sendable>(
        _ type: T.Type = T.self, named name: String,
        isolation: isolated (any Actor)? = #isolation
    ) throws(ResolutionError) -> T {
        guard table.servesMainActor else { return try table.resolve(type, named: name) }
        return try MainActorContext.run(on: isolation) { () throws(ResolutionError) -> T in
            try table.resolve(type, named: name)
        }
    }

    /// The instance bound to `type`, built with `await` when its binding is asynchronous: this
    /// resolves any binding, asynchronous or not.
    ///
    /// ```swift
    /// let store = try await injector.resolveAsync(Store.self)
    /// ```
    ///
    /// An asynchronous singleton is built once however many tasks ask at the same time: the
    /// others suspend until it is built. If the task that builds it is cancelled, another
    /// waiting task builds it instead.
    ///
    /// Its name differs from the synchronous ``resolve(_:isolation:)-3vbz7``'s so that `async` code
    /// can call either: Swift would pick an `async` overload of the same name there.
    /// - Throws: ``ResolutionError`` saying what is missing or what failed, and the path to it.
    @inlinable
    public func resolveAsync<T: Sendable>(_ type: T.Type = T.self) async throws(ResolutionError) -> T {
        // A built singleton, synchronous or asynchronous, costs no asynchronous call.
        if let built = table.builtAsync(type) { return built }
        return try await table.resolveAsync(type)
    }

    /// The instance bound to `type` whose type is not `Sendable`, built with `await` when its
    /// binding is asynchronous (a main-actor binding with an asynchronous dependency), on the main
    /// actor; see the `resolve(_:isolation:)` of such a type. Swift picks this method only for a
    /// type that is not `Sendable`, and the `resolveAsync(_:)` that is not isolated for any other.
    ///
    /// ```swift
    /// let notes = try await injector.resolveAsync(NotesStore.self)   // on the main actor
    /// ```
    /// - Throws: ``ResolutionError`` saying what is missing or what failed, and the path to it.
    @MainActor
    public func resolveAsync<T>(_ type: T.Type = T.self) async throws(ResolutionError) -> T {
        let box: MainActorConfined<T> = try await table.resolveConfinedAsync(.of(type))
        return box.value
    }

    /// The instance bound to `type` under `name`, built with `await` when its binding is
    /// asynchronous; for `Provider<T>`, `Lazy<T>` or `T?`, that wrapper of the binding of `T`
    /// named `name`, as ``resolve(_:named:isolation:)-6mad1`` makes it.
    /// - Throws: ``ResolutionError`` saying what is missing or what failed, and the path to it.
    public func resolveAsync<T: Sendable>(_ type: T.Type = T.self, named name: String) async throws(ResolutionError)
        -> T
    {
        try await table.resolveAsync(type, named: name)
    }

    /// The instance that the binding of `type` builds from run-time arguments: what an
    /// injected ``Factory`` makes when called with them.
    ///
    /// ```swift
    /// let detail = try injector.resolve(OrderDetail.self, arguments: OrderID("A-17"))
    /// let label = try injector.resolve(Label.self, named: "short", arguments: "A-17", 2, true)
    /// ```
    ///
    /// The arguments, one to six, are the binding's, in order; a type that a binding with
    /// arguments `.implements` takes the same ones.
    /// - Throws: ``ResolutionError``, naming the expected and given argument types when they
    ///   differ from the binding's.
    public func resolve<T: Sendable, First: Hashable & Sendable, each Rest: Hashable & Sendable>(
        _ type: T.Type = T.self, named name: String? = nil, arguments first: First, _ rest: repeat each Rest
    ) throws(ResolutionError) -> T {
        let factory = try table.resolveFactory(
            Factory<First, repeat each Rest, T>.self, of: .of(type, named: name),
            arguments: ArgumentList(First.self, repeat (each Rest).self))
        return try factory.make(first, repeat each rest)
    }

    /// The instance that the binding of `type` builds from run-time arguments, for `async`
    /// code that resolves everything with `resolveAsync`. A binding with run-time arguments
    /// is synchronous (its dependencies may not be asynchronous), so this builds it as
    /// ``resolve(_:named:arguments:_:)`` does, without suspending.
    /// - Throws: ``ResolutionError``, naming the expected and given argument types when they
    ///   differ from the binding's.
    public func resolveAsync<T: Sendable, First: Hashable & Sendable, each Rest: Hashable & Sendable>(
        _ type: T.Type = T.self, named name: String? = nil, arguments first: First, _ rest: repeat each Rest
    ) async throws(ResolutionError) -> T {
        try resolve(type, named: name, arguments: first, repeat each rest)
    }

    // MARK: Scopes

    /// Empties a resettable scope: every instance it holds is dropped, here and in every
    /// injector of the same family (parent and children), and the next request builds anew.
    ///
    /// ```swift
    /// injector.reset(.session)   // on logout
    /// ```
    ///
    /// A service in the graph resets a scope through an injected ``ScopeResetter``.
    /// - Precondition: `scope` is a resettable scope, such as ``Scope/session``.
    public func reset(_ scope: Scope) {
        scope.checkResettable()
        table.reset(scope)
    }

    // MARK: Validation

    /// Checks the whole graph and reports every problem at once: missing bindings (with the
    /// path that needs them), dependency cycles (the whole loop), captive dependencies,
    /// duplicates without `.overriding()`, and version selections nothing can satisfy.
    ///
    /// `Injector(modules:)` already throws these unless built with `validating: .reporting` or
    /// `.skipped`. Each
    /// call checks the graph anew; the work grows linearly with bindings + edges.
    /// - Throws: ``ValidationError`` listing every problem.
    public func validate() throws(ValidationError) {
        let problems = Self.problems(of: layer)
        if !problems.isEmpty { throw ValidationError(problems: problems) }
    }
}

extension Injector {
    /// How much an injector checks of its graph while it is built: the `validating:` argument
    /// of ``Injector/init(modules:versions:validating:isolation:)`` and
    /// ``Injector/start(modules:versions:validating:)``.
    ///
    /// ```swift
    /// // In an app whose CI runs Injector.validateEverySelection(modules:) on these modules:
    /// let injector = try Injector(modules: AppModules.all, validating: .skipped)
    /// ```
    ///
    /// A `Bool` literal still reads as it did: `true` is ``all``, `false` is ``reporting``.
    public struct Validation: Hashable, Sendable, ExpressibleByBooleanLiteral, CustomStringConvertible {
        enum Kind: Hashable, Sendable {
            case all, reporting, skipped
        }

        let kind: Kind

        /// Checks the whole graph and throws ``ValidationError`` with every problem: the default.
        public static let all = Validation(kind: .all)
        /// Checks the whole graph and builds the injector all the same, to inspect a broken graph
        /// with ``Injector/validate()``, ``Injector/graph`` or ``Injector/explain(_:named:)``.
        public static let reporting = Validation(kind: .reporting)
        /// Checks nothing: start-up costs what building the graph's producers costs, not what
        /// checking it does. For an app whose tests or CI prove every selection of these modules
        /// (``Injector/validateEverySelection(modules:)``). Only what a resolve meets is then
        /// reported, as its ``ResolutionError``: a missing binding, a service not served, a loop.
        /// The rest of what validation checks is not reported at all: a captive scope, a
        /// duplicate binding (the later one serves), a malformed version (its binding is left
        /// out), a decorator or a withdrawal of nothing, an override with nothing to override, a
        /// closer on a transient binding (which never runs).
        /// A child trusts the graph too, and checks only what its own bindings change.
        public static let skipped = Validation(kind: .skipped)

        /// `true` is ``all``, `false` is ``reporting``, as the `Bool` this type replaced.
        public init(booleanLiteral value: Bool) {
            kind = value ? .all : .reporting
        }

        init(kind: Kind) {
            self.kind = kind
        }

        /// `all`, `reporting` or `skipped`.
        public var description: String {
            switch kind {
            case .all: "all"
            case .reporting: "reporting"
            case .skipped: "skipped"
            }
        }
    }
}
