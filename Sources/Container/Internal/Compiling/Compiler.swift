import Synchronization

/// Turns an injector level's selected bindings into producers, each capturing its
/// dependencies' producers, so that resolving follows pointers instead of looking keys up.
@usableFromInline
final class Compiler {
    private let layer: Layer
    /// A parent's producer of a binding that this level shares, if it does.
    private let inherited: (Binding) -> (any AnyProducer)?
    /// What the injector's family shares: scope generations and the wait graph of builds.
    @usableFromInline let family: InjectorFamily
    /// This level's shutdown, whose gate its cells read: they build nothing once it closes.
    @usableFromInline let shutdown: LevelShutdown
    /// The key whose binding a call of ``compile(_:)`` is making, and those being made on the
    /// way to it: a key met again among them is a dependency cycle. The outermost one is kept
    /// apart, so a binding whose dependencies are compiled already (the common case, when a
    /// module binds what is needed before what needs it) hashes nothing to be marked.
    private var outermost: ServiceKey?
    private var inProgress: Set<ServiceKey> = []
    /// What this compiler built, by storage key; not what it inherited, nor, when
    /// ``sharesStorage`` is false, this level's own bindings, which ``own`` holds.
    private(set) var compiled: [ServiceKey: any AnyProducer] = [:]
    /// What it built of this level's own bindings, at their positions in the level's selection:
    /// found without hashing a key again, where ``compiled`` would take two hashes.
    private(set) var own: [(any AnyProducer)?]
    /// Whether a producer of one of this level's own bindings may be kept under its storage key
    /// already: a binding with run-time arguments is kept under its ``Factory``'s key, which
    /// another binding may bind too, and the first compiled serves both. Only a root whose
    /// bindings take no arguments (the large graphs) can skip looking.
    let sharesStorage: Bool
    private(set) var resettable: [String: [any ResettableCell]] = [:]
    /// Whether this compiler compiled a binding isolated to the main actor.
    private(set) var compiledMainActor = false
    private(set) var eager: [EagerBuild] = []
    /// The instances this level keeps of bindings with a closer, for its shutdown to close.
    private(set) var closables: [Closable] = []
    /// The table being built, for providers, lazy values and opaque factories.
    @usableFromInline let table = Late<ProducerTable>()

    /// A compiler of about `count` bindings (its table grows once, not step by step).
    init(
        layer: Layer, inherited: @escaping (Binding) -> (any AnyProducer)?, family: InjectorFamily,
        shutdown: LevelShutdown, count: Int
    ) {
        self.layer = layer
        self.inherited = inherited
        self.family = family
        self.shutdown = shutdown
        sharesStorage = layer.parent != nil || layer.selection.bindings.contains { $0.arguments != nil }
        compiled = sharesStorage ? Dictionary(minimumCapacity: count) : [:]
        own = Array(repeating: nil, count: layer.selection.bindings.count)
    }

    /// Compiles every binding of this level's own selection that is not compiled already.
    func compileOwn() {
        for position in own.indices { compileOwn(at: position) }
    }

    /// Compiles the binding at `position` of this level's selection, unless it is compiled already.
    private func compileOwn(at position: Int) {
        guard own[position] == nil else { return }
        let binding = layer.selection.bindings[position]
        own[position] = existing(binding, at: position) ?? made(binding, at: position)
    }

    /// The producer compiled or inherited already for `binding`, which is at `position` of this
    /// level's selection when it is one of its own.
    private func existing(_ binding: Binding, at position: Int?) -> (any AnyProducer)? {
        if let position, let made = own[position] { return made }
        guard position == nil || sharesStorage else { return nil }
        return compiled[binding.storageKey] ?? inherited(binding)
    }

    /// Compiles the binding of `key`, one that this level compiles rather than inherits (one of
    /// a parent's that depends on this level's), unless it is compiled already.
    func compile(_ key: ServiceKey) {
        if let position = layer.selection.positions[key] { return compileOwn(at: position) }
        // `index(forKey:)`, which copies no entry out, as `compiled[key] == nil` would.
        guard let binding = layer.binding(for: key), compiled.index(forKey: binding.storageKey) == nil else { return }
        assert(inherited(binding) == nil, "\(key) is inherited, not compiled at this level")
        _ = made(binding, at: nil)
    }

    /// The producer of `binding`, made now, and kept under its storage key when another
    /// binding's producer may be looked for there: always for a binding that is not one of this
    /// level's own, which the caller keeps at its `position`.
    private func made(_ binding: Binding, at position: Int?) -> any AnyProducer {
        let producer = make(binding)
        if position == nil || sharesStorage { compiled[binding.storageKey] = producer }
        return producer
    }

    /// Whether a binding serves `key` at this level.
    func serves(_ key: ServiceKey) -> Bool {
        layer.binding(for: key) != nil
    }

    /// The producers for factory parameters of these types, to read in order, synchronously
    /// or with `await`.
    @inlinable
    func arguments<each D>(for types: repeat (each D).Type) -> Arguments {
        var producers: [any AnyProducer] = []
        repeat producers.append(producer(for: each types))
        return Arguments(producers)
    }

    /// The producer for the parameter of type `T` at `position` of the factory of `binding`,
    /// which is autowired.
    ///
    /// Its dependency, read from the same parameter when it was declared, says whether `T` is
    /// a plain type without asking the runtime again whether it conforms to
    /// ``SpecialDependency``, a conformance check per edge. A dependency on `T` itself,
    /// unnamed and direct, is made only for a plain type: `Dependency.of(_:)`
    /// turns each special one into an edge to what it wraps, of another kind or under a name.
    /// A parameter that stands for no edge (``ScopeResetter``) shifts the positions of those
    /// after it, whose types then do not match and are asked about as before.
    func producer<T>(for type: T.Type, at position: Int, of binding: Binding) -> Producer<T> {
        if position < binding.dependencies.count {
            let dependency = binding.dependencies[position]
            if dependency.kind == .direct, dependency.key.type == T.self, dependency.key.name == nil,
                dependency.key.item == nil, dependency.arguments == nil
            {
                return producer(for: dependency.key, as: type)
            }
        }
        return producer(for: type)
    }

    /// The producer for a factory parameter of type `T`.
    @usableFromInline
    func producer<T>(for type: T.Type) -> Producer<T> {
        // Checked casts: compiling runs once per binding, so the check costs nothing that matters.
        if let special = SpecialTypes.special(type) {
            // True by construction: `special` is `T` itself, and its producer is a
            // `Producer<Special>`; checked all the same, since compiling runs once per binding.
            return SpecialTypes.producer(of: special, compiledBy: self) as! Producer<T>
        }
        return producer(for: .of(type), as: type)
    }

    /// The producer of the binding of `key`, which makes a `T`: the bound type, or its
    /// ``Factory`` for a binding with run-time arguments.
    func producer<T>(for key: ServiceKey, as type: T.Type) -> Producer<T> {
        // This level's own binding, the usual one, found with one hash.
        let position = layer.selection.positions[key]
        guard let binding = position.map({ layer.selection.bindings[$0] }) ?? layer.binding(for: key),
            binding.producedType == T.self
        else {
            // Only an unvalidated graph gets here; validation reports the missing binding or
            // the arguments that do not match.
            let error = layer.unresolvable(key, given: SpecialTypes.special(T.self)?.dependency.arguments)
            return Producer { () throws(ResolutionError) -> T in throw error }
        }
        if let existing = existing(binding, at: position) {
            // Checked without looking up the metadata of `Producer<T>`, as `as!` would.
            return Producers.checked(existing, as: T.self)
        }
        guard key != outermost, !inProgress.contains(key) else {
            // Only a graph built without validation gets here (validation reports the loop).
            let error = ResolutionError(.cycle(loop(through: key)), key: key)
            return Producer { () throws(ResolutionError) -> T in throw error }
        }
        let made = made(binding, at: position)
        if let position { own[position] = made }
        return Producers.checked(made, as: T.self)
    }

    /// The loop through `key` among the bindings being made, `key` first and last: worked out
    /// again from their edges, breadth first, only when a loop is met, so that marking what is
    /// being made costs no ordered record.
    private func loop(through key: ServiceKey) -> [ServiceKey] {
        var previous: [ServiceKey: ServiceKey] = [:]
        var queue = [key]
        var head = 0
        while head < queue.count {
            let current = queue[head]
            head += 1
            for dependency in layer.binding(for: current)?.dependencies ?? [] where dependency.kind.isBuiltFirst {
                let next = dependency.key
                if next == key {
                    var loop = [current]
                    while let before = previous[loop[0]] { loop.insert(before, at: 0) }
                    return loop + [key]
                }
                guard next == outermost || inProgress.contains(next), previous[next] == nil else { continue }
                previous[next] = current
                queue.append(next)
            }
        }
        return [key, key]
    }

    /// The producer of `binding`: the one place where a recipe becomes a producer. For an
    /// asynchronous binding, one whose synchronous way in refuses; for a synchronous one isolated
    /// to the main actor, one whose way in for `await` hops to the main actor to call the
    /// synchronous one; else a synchronous one.
    private func make(_ binding: Binding) -> any AnyProducer {
        if layer.isRefused(binding.key) {
            let refusal = ResolutionError(.liveOnly(binding.site), key: binding.key, path: [PathStep(binding)])
            return Producers.failing(as: binding.producedType, refusal)
        }
        // A binding that needs nothing asks for no producer while it is compiled, so it cannot
        // lead back to itself; most of a child's fakes need nothing. The outermost binding is
        // marked in a field, cheaper than a set's insert and remove.
        let needs = !binding.dependencies.isEmpty
        let isOutermost = needs && outermost == nil
        if isOutermost { outermost = binding.key } else if needs { inProgress.insert(binding.key) }
        defer { if isOutermost { outermost = nil } else if needs { inProgress.remove(binding.key) } }
        let isMainActor = layer.isMainActor(binding)
        if isMainActor { compiledMainActor = true }
        let awaiting = binding.recipe.canAwait && layer.asynchrony(of: binding.key).isAsynchronous
        let producer: any AnyProducer
        switch binding.recipe {
        case .autowired(let make):
            producer = make(binding, self, awaiting)
        case .mainActor(let make, let awaitingMake), .forward(let make, let awaitingMake),
            .collection(let make, let awaitingMake):
            producer = (awaiting ? awaitingMake : make)(binding, self)
        case .async(let make, _):
            producer =
                awaiting ? make(binding, self) : Producers.failing(as: binding.producedType, asynchronousError(binding))
        case .opaque(let make), .instance(let make), .arguments(let make):
            producer = make(binding, self)
        case .retirement:
            producer = Producers.failing(as: binding.producedType, ResolutionError(.noBinding, key: binding.key))
        }
        return isMainActor && !awaiting ? producer.hoppingToMainActor() : producer
    }

    /// The error of resolving the asynchronous `binding` synchronously.
    @usableFromInline
    func asynchronousError(_ binding: Binding) -> ResolutionError {
        ResolutionError(
            .asynchronous(layer.asynchronousChain(from: binding.key)), key: binding.key,
            path: [PathStep(binding)])
    }

    /// The producer of `binding` whose instances `make` builds without `await`: the one way
    /// every kind of binding is wrapped in its decorations and its lifetime (with its twin for
    /// an awaited build, ``producer(of:decorating:awaiting:)``). What `make` builds goes through
    /// the binding's decorators (unless `decorating` is false, for a caller that decorates inside
    /// a box of its own), then into a cell when the binding's scope keeps instances; a
    /// singleton's producer keeps its cell, so a resolve reads a built instance directly, and an
    /// eager one is built at start-up.
    ///
    /// Not inlined into `bind`: one generic copy serves every binding, which keeps a large module
    /// quick to compile. The cell's fast path therefore touches no type made from `T` (see
    /// ``Cell``), and no generic type wraps `make`: its metadata would be made for each bound type.
    func producer<T: Sendable>(
        of binding: Binding, decorating: Bool, _ make: @escaping @Sendable () throws(ResolutionError) -> T
    ) -> Producer<T> {
        let build: @Sendable () throws(ResolutionError) -> T
        if decorating, let decorate = decoration(of: binding, as: T.self) {
            build = { () throws(ResolutionError) -> T in try decorate(try make()) }
        } else {
            build = make
        }
        if let closer = binding.closer, binding.recipe.isInstance { registerClosing(given: make, of: binding, closer) }
        guard let lifetime = lifetime(of: binding) else { return Producer(build) }
        let cell = self.cell(of: binding, lifetime, as: T.self)
        let get = { @Sendable () throws(ResolutionError) -> T in try cell.get(build) }
        guard case .strong = lifetime else { return Producer(caching: true, get) }
        let producer = Producer(cell: cell, get)
        // A value bound with `toInstance:` is decorated on first use, whatever its scope says.
        if binding.scope.kind == .eagerSingleton, !binding.recipe.isInstance {
            let build: @Sendable () throws(ResolutionError) -> Void = { _ = try producer.get() }
            eager.append(
                EagerBuild(
                    key: binding.key, build: layer.isMainActor(binding) ? .mainActor(build) : .synchronous(build)))
        }
        return producer
    }

    /// ``producer(of:decorating:_:)`` for a binding whose instances `make` builds with `await`:
    /// its producer refuses the synchronous way in.
    func producer<T: Sendable>(
        of binding: Binding, decorating: Bool, awaiting make: @escaping @Sendable () async throws(ResolutionError) -> T
    ) -> Producer<T> {
        let build: @Sendable () async throws(ResolutionError) -> T
        if decorating, let decorate = decoration(of: binding, as: T.self) {
            build = { () async throws(ResolutionError) -> T in try decorate(try await make()) }
        } else {
            build = make
        }
        let refusal = asynchronousError(binding)
        guard let lifetime = lifetime(of: binding) else {
            return Producer(cell: nil, caching: false, refusing: refusal, build)
        }
        let cell = self.cell(of: binding, lifetime, as: T.self)
        let get = { @Sendable () async throws(ResolutionError) -> T in try await cell.getAsync(build) }
        guard case .strong = lifetime else { return Producer(cell: nil, caching: true, refusing: refusal, get) }
        let producer = Producer(cell: cell, caching: true, refusing: refusal, get)
        if binding.scope.kind == .eagerSingleton {
            eager.append(EagerBuild(key: binding.key, build: .asynchronous({ _ = try await producer.getAsync() })))
        }
        return producer
    }

    /// How long the binding's scope keeps an instance; `nil` for one that keeps nothing: a
    /// transient binding, and a value bound with `toInstance`, which is the instance whatever the
    /// scope, unless decorators wrap it, once.
    @usableFromInline
    func lifetime(of binding: Binding) -> Lifetime? {
        if binding.recipe.isInstance { return binding.decorators.isEmpty ? nil : .strong }
        switch binding.scope.kind {
        case .transient: return nil
        case .singleton, .eagerSingleton: return .strong
        case .weak: return .weak
        case .resettable(let name): return .scope(family.generation(of: name))
        }
    }

    /// A new cell of `binding`, registered with its scope when a reset empties it, and with
    /// this level's shutdown when the binding has a closer.
    func cell<T: Sendable>(of binding: Binding, _ lifetime: Lifetime, as type: T.Type) -> Cell<T> {
        let cell = Cell<T>(step: PathStep(binding), lifetime: lifetime, waits: family.waits, shutdown: shutdown)
        if case .scope = lifetime, case .resettable(let name) = binding.scope.kind { register(cell, in: name) }
        // A decorated value bound with `toInstance:` has a cell too, but the value given closes.
        if let closer = binding.closer, !binding.recipe.isInstance { registerClosing(cell, of: binding, closer) }
        return cell
    }

    /// The binding's decorators compiled for its type `T` and composed into one function,
    /// the first declared innermost; `nil` when it has none.
    ///
    /// Composed once here rather than looped over on each resolve: the resolve path is
    /// generic code that is not specialized, where walking an array of `Decoration<T>` looked
    /// up that class's metadata on every call.
    @usableFromInline
    func decoration<T>(of binding: Binding, as type: T.Type) -> (@Sendable (T) throws(ResolutionError) -> T)? {
        // Asked first: composing needs the metadata of `T`'s function type, which an undecorated
        // binding should not pay for.
        guard !binding.decorators.isEmpty else { return nil }
        // `decorate(T.self)` makes a Decoration<T> for a key of type `T`, the type the binding's
        // own producer builds; checked all the same, since compiling runs once per binding.
        // Composed as they are made, not kept in an array first: an array of `T`'s function
        // type holds each closure behind a reabstraction thunk, which every call then crosses.
        var composed: (@Sendable (T) throws(ResolutionError) -> T)?
        for decorator in binding.decorators {
            let outer = (decorator.makeDecoration(binding, self) as! Decoration<T>).apply
            guard let inner = composed else {
                composed = outer
                continue
            }
            composed = { (value: T) throws(ResolutionError) -> T in try outer(try inner(value)) }
        }
        return composed
    }

    /// The producer of the ``Factory`` of a binding with run-time arguments: `undecorated`
    /// followed by the binding's decorators, kept as its scope asks, one instance per distinct
    /// set of argument values; ``producer(of:decorating:_:)`` for a binding without arguments.
    @inlinable
    func factory<each Argument: Hashable & Sendable, T: Sendable>(
        of binding: Binding, _ undecorated: @escaping @Sendable (repeat each Argument) throws(ResolutionError) -> T
    ) -> Producer<Factory<repeat each Argument, T>> {
        let make: @Sendable (repeat each Argument) throws(ResolutionError) -> T =
            if let decorate = decoration(of: binding, as: T.self) {
                { (arguments: repeat each Argument) throws(ResolutionError) -> T in
                    try decorate(try undecorated(repeat each arguments))
                }
            } else {
                undecorated
            }
        let factory: Factory<repeat each Argument, T>
        if let lifetime = lifetime(of: binding) {
            let (step, waits, shutdown) = (PathStep(binding), family.waits, shutdown)
            let generation: ScopeGeneration? = if case .scope(let generation) = lifetime { generation } else { nil }
            let cells = CellFamily(generation: generation) {
                Cell<T>(step: step, lifetime: lifetime, waits: waits, shutdown: shutdown)
            }
            if case .resettable(let name) = binding.scope.kind { register(cells, in: name) }
            registerClosing(cells, of: binding)
            factory = Factory(building: { (arguments: repeat each Argument) throws(ResolutionError) -> T in
                try cells.cell(for: ArgumentKey(repeat each arguments))
                    .get { () throws(ResolutionError) -> T in try make(repeat each arguments) }
            })
        } else {
            // Code calls a factory while other instances may be half-built, as it calls a
            // provider: a build that leads back to itself must be caught.
            let (reentry, shutdown) = (ReentryGuard(step: PathStep(binding)), shutdown)
            factory = Factory(building: { (arguments: repeat each Argument) throws(ResolutionError) -> T in
                // Its instances are made anew on each call, so none is made once the level shuts down.
                if shutdown.isClosed { throw reentry.shutDown() }
                // The usual call makes no closure: only one made during another pays for it.
                if reentry.enter() {
                    defer { reentry.leave() }
                    return try make(repeat each arguments)
                }
                defer { reentry.leave() }
                return try reentry.check { () throws(ResolutionError) -> T in try make(repeat each arguments) }
            })
        }
        return Producer { () throws(ResolutionError) -> Factory<repeat each Argument, T> in factory }
    }

    @usableFromInline
    func register(_ cell: any ResettableCell, in scope: String) {
        resettable[scope, default: []].append(cell)
    }

    /// Registers what `cells` keep with this level's shutdown, when `binding` has a closer.
    @usableFromInline
    func registerClosing<T: Sendable>(_ cells: CellFamily<Cell<T>>, of binding: Binding) {
        if let closer = binding.closer { closables.append(.kept(by: cells, of: binding.key, closer)) }
    }

    // The two below are called only for a binding with a closer, and never inlined: inlined into
    // the generic code that compiles every binding, their types' metadata was looked up for each
    // binding, closer or not (about 500 instructions a binding, S3 in Benchmarks/README.md).

    /// Registers what `cell` keeps with this level's shutdown.
    @inline(never)
    private func registerClosing<T: Sendable>(_ cell: Cell<T>, of binding: Binding, _ closer: Closer) {
        closables.append(.kept(by: cell, of: binding.key, closer))
    }

    /// Registers the value bound with `toInstance:`, which `make` returns, with this level's
    /// shutdown: it is kept from the start, decorated or not, and the value given closes.
    @inline(never)
    private func registerClosing<T: Sendable>(
        given make: () throws(ResolutionError) -> T, of binding: Binding, _ closer: Closer
    ) {
        if let given = try? make() { closables.append(.given(given, of: binding.key, closer)) }
    }
}

/// Where an autowired factory's call finds its dependencies' producers: the compiler, when
/// the binding is compiled, or the values already awaited, when a dependency is asynchronous
/// and the synchronous factory is called once they are built.
///
/// The fixed-arity `bind(_:to:)` overloads capture one typed ``Producer`` per parameter, which
/// costs less per call than reading them through ``Arguments``; the pack
/// form, of four parameters and more, reads them through ``Arguments``: a tuple of a pack's
/// producers would be read through tuple metadata on every call.
enum DependencySource {
    case compiler(Compiler)
    case built(Arguments)

    /// The producer of the parameter at `position`, of type `T`, of the factory of `binding`,
    /// whose dependencies say what each parameter is.
    func producer<T>(_ type: T.Type, at position: Int, of binding: Binding) -> Producer<T> {
        switch self {
        case .compiler(let compiler): compiler.producer(for: type, at: position, of: binding)
        case .built(let arguments): arguments.producer(at: position, as: type)
        }
    }

    /// The producers of every parameter, in order.
    func arguments<each D>(for types: repeat (each D).Type) -> Arguments {
        switch self {
        case .compiler(let compiler): compiler.arguments(for: repeat each types)
        case .built(let arguments): arguments
        }
    }
}
