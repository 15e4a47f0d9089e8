// The reference model: what an injector family does, stated directly and slowly from
// the DocC guide (GuideTests lists its articles) and DESIGN.md "The container". It shares no code with Sources/Container.
//
// - A level is the root or a child. A key is served by the nearest level that binds it.
// - A child shares its parent's instances, except for a key whose binding depends, directly or
//   not and through any kind of edge, on something the child binds or (strict) refuses: for
//   those the child keeps its own. The level that keeps a key's instances also builds it and
//   resolves its dependencies, providers and lazy values.
// - A strict child refuses a live-only binding that it does not bind itself (a refusal is
//   inherited by the child's children unless they bind the key).
// - transient: a new instance every time; singleton: one per keeping level; eager singleton:
//   the same, built when the level is built; weak: shared while something holds it;
//   resettable: shared until the scope is reset anywhere in the family.
// - Building a key that is being built by the same level, further up the same build, is a
//   cycle error. A failed build keeps nothing; the next request tries again.
// - A factory first builds its direct dependencies in order, then calls (in order) the
//   providers and lazy values it uses in its initializer, then runs; a failure stops there.
//   An opaque factory that asks for a key it did not declare fails, naming its binding.
//   A `toInstance` binding serves its one value, whatever its scope and level.
//   Decorators of a key wrap what its binding built, in declaration order (the first
//   innermost, a child's outside its parent's), each with its own dependencies; the result
//   takes the binding's scope. A child that decorates a key changes it, like an override; a
//   child that binds a key itself is still wrapped by its parents' decorators (a decorator
//   wraps whatever serves its type), inside its own. A decorator may carry a version and an
//   id: per key and id, the selected version if declared, else the highest below it, else
//   the one without a version (with no selection given, the highest); one without an id
//   stands alone. Only the chosen ones wrap, change a child's key or are checked.
//   `.implements(F.self)` adds a transient binding of `F` (same name, version and override)
//   that serves the instance its source's key resolves to.
// - Resolving `Provider<T>` or `Lazy<T>` of a type nothing serves fails at once.
// - An eager singleton whose build fails makes building its level fail; the level does not
//   exist. Refused bindings are not built eagerly.
// - reset(scope) on any level empties the scope for the whole family.
// - Multibindings (DocC "Multibindings and Decorators"): each contributed item is a binding of its own,
//   keyed by its type and id, with the version rule per id (an id only of later versions is
//   absent). `[T]` is an ordinary dependency whose value is every served item, ordered by
//   position, then id; a child adds or replaces items and withdraws them; a list with no items
//   is a missing binding.
// - Run-time arguments (DocC "Bindings and Resolving"): a binding that takes an argument is
//   reached only through `Factory<Int, T>` or `resolve(T.self, arguments:)`, with as many `Int`s
//   as it takes (one to six); asking for it without its arguments or with another number of
//   them, or for a binding without arguments with some, fails with `.arguments`. A type it
//   `.implements` takes the same arguments and serves what its source's factory makes for them.
//   Transient builds on every call; singleton, weak and resettable scopes keep one instance per
//   distinct argument value. A factory edge neither builds first nor holds an instance.
// - Asynchronous set-up (DocC "Asynchronous set-up"): a binding is asynchronous when its
//   factory is `async`, or when a dependency built first is asynchronous and its factory can
//   await (not an opaque factory, one with run-time arguments, or a list); a refused binding
//   is not. A Provider or Lazy of an asynchronous binding, or one built first by a factory that
//   cannot await, is a validation problem. A synchronous resolve of an asynchronous binding
//   (a provider or lazy value is always synchronous) fails and builds nothing; the synchronous
//   `Injector(modules:)` and `child` refuse asynchronous eager singletons; with `await`
//   everything resolves and builds as above.
// - The main actor (DocC "Asynchronous set-up"): a binding bound `onMainActor` is isolated, and so
//   is a type forwarded to one (`.implements`, whatever binding declared it). A binding that is
//   not isolated and holds an isolated, synchronous one through a Provider or Lazy, or directly
//   or as an optional without awaiting it, is an isolation captive. The model's steps run off
//   the main actor: a synchronous resolve of an isolated binding fails naming it (behind any
//   forwarded type), and builds nothing; so does the synchronous start-up when it comes to one.
//   With `await`, isolated bindings are built on the main actor like any other.

/// A level of the family, as the model sees it.
struct ModelLevel {
    let parent: Int?
    let isStrict: Bool
    let own: [ModelKey: ModelBinding]
    let order: [ModelKey]
    /// This level's decorators, in declaration order.
    let decorators: [ModelBinding]
    /// The items this level withdraws.
    var withdrawn: Set<ModelKey> = []
}

struct ReferenceModel {
    static let root = -1

    enum Part {
        case instance(Int)
        /// An optional dependency that nothing serves.
        case absent
        case provider(level: Int, key: ModelKey)
        case lazy(Int)
        /// A `Factory<Int, T>` (of `arity` `Int`s), which resolves `key` at `level` with each
        /// call's arguments.
        case factory(level: Int, key: ModelKey, arity: Int)
        /// A `[T]`: its items, in order.
        case list([Int])
    }

    struct Instance {
        let binding: Int
        let parts: [Part]
        /// The run-time argument the instance was built from.
        var argument: Int?

        var directs: [Int] {
            parts.compactMap { if case .instance(let id) = $0 { id } else { nil } }
        }

        /// The items of each list part, in order.
        var lists: [[Int]] {
            parts.compactMap { if case .list(let ids) = $0 { ids } else { nil } }
        }
    }

    struct LazyValue {
        let level: Int
        let key: ModelKey
        var value: Int?
    }

    enum Handle {
        case instance(Int)
        case provider(level: Int, key: ModelKey)
        case lazy(Int)
    }

    private struct CellKey: Hashable {
        let level: Int
        let key: ModelKey
        /// One kept instance per distinct argument value.
        let argument: Int?
    }

    private struct Cell {
        let instance: Int
        let generation: Int
    }

    /// A build in progress, for telling a loop.
    private struct Frame {
        let cell: CellKey
    }

    /// What a factory being run holds, as its locals and arguments do: it keeps weak
    /// instances alive until the factory returns.
    private struct Scratch {
        var held: [Int] = []
        var lazies: [Int] = []
    }

    /// What a step did, in the model's words.
    enum Outcome {
        case skipped
        case done
        case instance(Int)
        case failure(ModelFailure)
        /// Building a level's eager singletons failed; a build order may be any, so the error
        /// may be any of these.
        case eagerFailure(Set<ModelFailure>)
        case invalid(Set<String>)
    }

    let selection: ModelSelection
    private(set) var levels: [Int: ModelLevel] = [:]
    private var refusedCache: [Int: Set<ModelKey>] = [:]
    private var affectedCache: [Int: Set<ModelKey>] = [:]
    private(set) var instances: [Instance] = []
    private var lazies: [LazyValue] = []
    /// The instance of each `toInstance` binding, made beforehand (here: when first served).
    private var made: [Int: Int] = [:]
    private var cells: [CellKey: Cell] = [:]
    private var generations: [String: Int] = [:]
    private(set) var handles: [Int: Handle] = [:]
    private var frames: [Frame] = []
    private var scratch: [Scratch] = []
    /// Factory runs per binding id during the current step.
    private(set) var runs: [Int: Int] = [:]
    private let decorators: [ModelBinding]
    private let defaultVersion: String?
    private let overrides: [ModelKey: String]
    /// The root is built with `await` and plain resolves await (``ModelGraph/awaits``).
    private let awaits: Bool

    init(graph: ModelGraph) {
        selection = ModelSelection(
            bindings: graph.bindings, defaultVersion: graph.defaultVersion,
            overrides: graph.overrides)
        decorators = graph.decorators
        defaultVersion = graph.defaultVersion
        overrides = graph.overrides
        awaits = graph.awaits
    }

    /// Whether `key`, as `level` serves it, must be built with `await`.
    func isAsynchronous(_ level: Int, _ key: ModelKey) -> Bool {
        ModelValidation.isAsynchronous(key, served: { effective(level, $0) }, isRefused: { isRefused(level, $0) })
    }

    /// Whether `key`, as `level` serves it, is isolated to the main actor.
    func isIsolated(_ level: Int, _ key: ModelKey) -> Bool {
        ModelValidation.isIsolated(key, served: { effective(level, $0) }, isRefused: { isRefused(level, $0) })
    }

    /// A synchronous resolve, off the main actor as the model's steps are: an asynchronous or
    /// a main-actor binding is an error naming it, and builds nothing.
    private mutating func resolveSynchronously(_ level: Int, _ key: ModelKey) -> Result<Int, ModelFailure> {
        if served(level, key) != nil, isAsynchronous(level, key) {
            return .failure(ModelFailure(reason: .asynchronous, key: key.description))
        }
        // The error names the isolated binding, behind any type forwarded to it.
        if let isolated = ModelValidation.isolatedBinding(
            key, served: { effective(level, $0) }, isRefused: { isRefused(level, $0) })
        {
            return .failure(ModelFailure(reason: .mainActorIsolated, key: isolated.description))
        }
        return resolve(level, key)
    }

    /// The decorators that serve the selection, in declaration order (DocC "Multibindings and Decorators"):
    /// for each key and id, the selected version if declared, else the highest below it, else
    /// the one without a version; with no selection given, the highest. A decorator without an
    /// id is a group of its own.
    private func chosen(_ declared: [ModelBinding]) -> [ModelBinding] {
        var groups: [String: [ModelBinding]] = [:]
        for (position, decorator) in declared.enumerated() {
            groups["\(decorator.key) \(decorator.decoratorID ?? "#\(position)")", default: []].append(decorator)
        }
        var kept: Set<Int> = []
        for group in groups.values {
            let versioned: [(ModelVersion, ModelBinding)]
            let all = group.compactMap { decorator in
                decorator.version.flatMap(ModelVersion.init).map { ($0, decorator) }
            }
            if let wanted = defaultVersion.map({ overrides[group[0].key] ?? $0 }) {
                versioned = ModelVersion(wanted).map { limit in all.filter { $0.0 <= limit } } ?? []
            } else {
                versioned = all
            }
            if let best = versioned.max(by: { $0.0 < $1.0 })?.1 ?? group.first(where: { $0.version == nil }) {
                kept.insert(best.id)
            }
        }
        return declared.filter { kept.contains($0.id) }
    }

    // MARK: Levels

    func served(_ level: Int, _ key: ModelKey) -> ModelBinding? {
        guard let current = levels[level] else { return nil }
        if key.isList { return list(level, key) }
        if let own = current.own[key] { return own }
        if current.withdrawn.contains(key) { return nil }
        return current.parent.flatMap { served($0, key) }
    }

    /// The items of list `key` that `level` serves, ordered by position, then id.
    func items(_ level: Int, _ key: ModelKey) -> [ModelKey] {
        list(level, key)?.edges.map(\.target) ?? []
    }

    /// What serves list `key`: a transient binding whose direct edges are its items, so that
    /// validation sees what a list holds; nothing when no item is served.
    private func list(_ level: Int, _ key: ModelKey) -> ModelBinding? {
        var candidates: Set<ModelKey> = []
        var current: Int? = level
        while let at = current, let found = levels[at] {
            // A withdrawn item was contributed: withdrawing every item leaves an empty list.
            candidates.formUnion(found.own.keys)
            candidates.formUnion(found.withdrawn)
            current = found.parent
        }
        return ModelValidation.listBinding(key, candidates: candidates) { served(level, $0) }
    }

    /// The decorators of `key` that `level` applies: those of every level from the root down
    /// to `level` whose parent serves `key`, outer levels' first, each level's in declaration
    /// order (the guide: the first innermost, a child's outside its parent's; a parent's decorators
    /// wrap a child's own binding of the key too).
    func decorators(_ level: Int, _ key: ModelKey) -> [ModelBinding] {
        guard let current = levels[level] else { return [] }
        let own = current.decorators.filter { $0.key == key }
        guard let parent = current.parent, served(parent, key) != nil else { return own }
        return decorators(parent, key) + own
    }

    /// What serves `key` at `level`, with its decorators' edges: the graph validation sees.
    func effective(_ level: Int, _ key: ModelKey) -> ModelBinding? {
        ModelValidation.decorated(served(level, key), by: decorators(level, key))
    }

    /// Decorators of keys nothing serves at `level`.
    private func decoratingUnbound(_ level: Int) -> Set<String> {
        // DESIGN "Versions": a decorator of a type bound but not served under the selection is
        // no problem.
        Set(
            levels[level]!.decorators.filter {
                served(level, $0.key) == nil && !selection.unsatisfied.contains($0.key)
                    && !selection.unselectable.contains($0.key)
            }
            .map { "decoratesUnbound \($0.key)" })
    }

    /// Every key a level serves, the root's first.
    func keys(_ level: Int) -> [ModelKey] {
        guard let current = levels[level] else { return [] }
        guard let parent = current.parent else { return current.order }
        let inherited = keys(parent)
        let all = inherited + current.order.filter { !inherited.contains($0) }
        return current.withdrawn.isEmpty
            ? all : all.filter { !current.withdrawn.contains($0) || current.own[$0] != nil }
    }

    private func isRefused(_ level: Int, _ key: ModelKey) -> Bool {
        guard let current = levels[level], current.own[key] == nil else { return false }
        if refusedCache[level]!.contains(key) { return true }
        return current.parent.map { isRefused($0, key) } ?? false
    }

    /// The level that keeps, builds and resolves the dependencies of `key` for `level`.
    private func keeper(_ level: Int, _ key: ModelKey) -> Int {
        let current = levels[level]!
        guard let parent = current.parent else { return level }
        if current.own[key] != nil || affectedCache[level]!.contains(key) { return level }
        return keeper(parent, key)
    }

    /// Builds the root: validation, then its eager singletons.
    mutating func buildRoot() -> Outcome {
        runs = [:]
        let level = ModelLevel(
            parent: nil, isStrict: false, own: selection.selected, order: selection.order,
            decorators: chosen(decorators))
        levels[Self.root] = level
        refusedCache[Self.root] = []
        affectedCache[Self.root] = []
        let problems = selection.problems.union(decoratingUnbound(Self.root)).union(
            ModelValidation.graphProblems(
                keys: selection.order, served: { effective(Self.root, $0) }, unsatisfied: selection.unsatisfied,
                unselectable: selection.unselectable))
        guard problems.isEmpty else {
            levels[Self.root] = nil
            return .invalid(problems)
        }
        return buildEager(Self.root)
    }

    /// Builds a child from `spec` as level `id`: validation of the whole graph it sees, then
    /// the eager singletons it keeps itself.
    mutating func buildChild(_ spec: ChildSpec, id: Int) -> Outcome {
        runs = [:]
        let parent = spec.parent ?? Self.root
        guard levels[parent] != nil else { return .skipped }
        var own: [ModelKey: ModelBinding] = [:]
        var order: [ModelKey] = []
        var problems: Set<String> = []
        for binding in spec.bindings.flatMap(\.declared) {
            if own[binding.key] != nil {
                if !binding.isOverriding { problems.insert("duplicateBinding #\(binding.id)") }
            } else {
                order.append(binding.key)
            }
            own[binding.key] = binding
        }
        levels[id] = ModelLevel(
            parent: parent, isStrict: spec.isStrict, own: own, order: order,
            decorators: chosen(spec.decorators), withdrawn: Set(spec.withdrawals))
        let all = keys(id)
        problems.formUnion(decoratingUnbound(id))
        for item in spec.withdrawals where served(parent, item) == nil {
            // Not in the guide: the container refuses to withdraw what the parent does not serve,
            // a mistake in the child's module (a wrong id, or an item of a later version).
            problems.insert("withdrawUnserved \(item)")
        }
        var refused: Set<ModelKey> = []
        if spec.isStrict {
            for key in all where own[key] == nil && served(id, key)!.isLiveOnly { refused.insert(key) }
        }
        refusedCache[id] = refused
        problems.formUnion(
            ModelValidation.graphProblems(
                keys: all, served: { effective(id, $0) }, unsatisfied: selection.unsatisfied,
                unselectable: selection.unselectable,
                isRefused: { isRefused(id, $0) }))
        guard problems.isEmpty else {
            levels[id] = nil
            return .invalid(problems)
        }
        // What the child binds, refuses or decorates is what it changes.
        var changed = Set(order).union(refused).union(levels[id]!.decorators.map(\.key)).union(spec.withdrawals)
        // A list whose items the child adds, replaces or withdraws changes too.
        changed.formUnion(changed.filter { $0.item != nil }.map(\.list))
        affectedCache[id] = Set(all.filter { key in dependsOn(key, changed, level: id) })
        return buildEager(id)
    }

    /// Whether `key` is in `targets` or reaches one through edges of any kind.
    private func dependsOn(_ key: ModelKey, _ targets: Set<ModelKey>, level: Int) -> Bool {
        var seen: Set<ModelKey> = []
        var pending = [key]
        while let next = pending.popLast() {
            if targets.contains(next) { return true }
            guard seen.insert(next).inserted, let binding = effective(level, next) else { continue }
            pending += binding.edges.map(\.target)
        }
        return false
    }

    private mutating func buildEager(_ level: Int) -> Outcome {
        let eager = keys(level).filter { key in
            served(level, key)!.scope == .eagerSingleton && keeper(level, key) == level && !isRefused(level, key)
        }
        // Only the `async` forms of `Injector(modules:)` and `child` build asynchronous eager
        // singletons; the synchronous ones refuse them before building anything.
        if !awaits, eager.contains(where: { isAsynchronous(level, $0) }) {
            levels[level] = nil
            return .eagerFailure([ModelFailure(reason: .asynchronousStart, key: "")])
        }
        var inOrder = self
        for key in eager {
            if case .failure(let failure) = inOrder.resolveEagerly(level, key) {
                // Any order is allowed: the error is the one some eager singleton built first meets.
                var possible: Set<ModelFailure> = [failure]
                for first in eager {
                    var alone = self
                    if case .failure(let other) = alone.resolveEagerly(level, first) { possible.insert(other) }
                }
                self = inOrder
                levels[level] = nil
                return .eagerFailure(possible)
            }
        }
        self = inOrder
        return .done
    }

    /// Builds an eager singleton at start-up: off the main actor, the synchronous forms cannot
    /// build a main-actor one and fail when they come to it.
    private mutating func resolveEagerly(_ level: Int, _ key: ModelKey) -> Result<Int, ModelFailure> {
        if !awaits, isIsolated(level, key) {
            return .failure(ModelFailure(reason: .mainActorIsolated, key: key.description))
        }
        return resolve(level, key)
    }

    // MARK: Script

    mutating func run(_ step: ModelStep, index: Int) -> Outcome {
        runs = [:]
        switch step {
        case .child(let spec):
            return buildChild(spec, id: index)
        case .resolve(let at, let key, let keep):
            let level = at ?? Self.root
            guard levels[level] != nil else { return .skipped }
            return finish(awaits ? resolve(level, key) : resolveSynchronously(level, key), keep: keep, index: index)
        case .resolveOptional(let at, let key, let keep):
            let level = at ?? Self.root
            guard levels[level] != nil else { return .skipped }
            guard served(level, key) != nil else { return .done }
            return finish(awaits ? resolve(level, key) : resolveSynchronously(level, key), keep: keep, index: index)
        case .resolveProvider(let at, let key):
            let level = at ?? Self.root
            guard levels[level] != nil else { return .skipped }
            if served(level, key) == nil { return .failure(unbound(level, key)) }
            handles[index] = .provider(level: level, key: key)
            return .done
        case .resolveLazy(let at, let key):
            let level = at ?? Self.root
            guard levels[level] != nil else { return .skipped }
            if served(level, key) == nil { return .failure(unbound(level, key)) }
            lazies.append(LazyValue(level: level, key: key))
            handles[index] = .lazy(lazies.count - 1)
            return .done
        case .call(let handle, let keep):
            switch handles[handle] {
            case .provider(let level, let key):
                return finish(resolveSynchronously(level, key), keep: keep, index: index)
            case .lazy(let lazy): return finish(read(lazy), keep: keep, index: index)
            case .instance, nil: return .skipped
            }
        case .use(let handle, let part, let keep):
            guard case .instance(let id) = handles[handle] else { return .skipped }
            let usable = instances[id].parts.filter {
                switch $0 {
                case .provider, .lazy: true
                case .instance, .absent, .factory, .list: false
                }
            }
            guard !usable.isEmpty else { return .skipped }
            switch usable[part % usable.count] {
            case .provider(let level, let key):
                return finish(resolveSynchronously(level, key), keep: keep, index: index)
            case .lazy(let lazy): return finish(read(lazy), keep: keep, index: index)
            case .instance, .absent, .factory, .list: return .skipped
            }
        case .reset(let at, let scope):
            guard levels[at ?? Self.root] != nil, let name = scope.resettableName else { return .skipped }
            // The guide: reset empties the scope in the injector and every injector that shares
            // its instances; DESIGN: an instance built before a reset is never served after it.
            generations[name, default: 0] += 1
            return .done
        case .drop(let handle):
            guard handles[handle] != nil else { return .skipped }
            handles[handle] = nil
            return .done
        case .resolveArgument(let at, let key, let argument, let arity, let keep):
            let level = at ?? Self.root
            guard levels[level] != nil else { return .skipped }
            return finish(resolve(level, key, argument: argument, arity: arity), keep: keep, index: index)
        case .useFactory(let handle, let part, let argument, let keep):
            guard case .instance(let id) = handles[handle] else { return .skipped }
            let factories: [(level: Int, key: ModelKey, arity: Int)] = instances[id].parts.compactMap {
                if case .factory(let level, let key, let arity) = $0 { (level, key, arity) } else { nil }
            }
            guard !factories.isEmpty else { return .skipped }
            let (level, key, arity) = factories[part % factories.count]
            return finish(resolve(level, key, argument: argument, arity: arity), keep: keep, index: index)
        }
    }

    private mutating func finish(_ result: Result<Int, ModelFailure>, keep: Bool, index: Int) -> Outcome {
        switch result {
        case .success(let id):
            if keep { handles[index] = .instance(id) }
            return .instance(id)
        case .failure(let failure):
            return .failure(failure)
        }
    }

    // MARK: Building

    private func unbound(_ level: Int, _ key: ModelKey) -> ModelFailure {
        ModelFailure(reason: selection.unsatisfied.contains(key) ? .notServed : .noBinding, key: key.description)
    }

    mutating func resolve(_ level: Int, _ key: ModelKey, argument: Int? = nil, arity: Int = 1) -> Result<
        Int, ModelFailure
    > {
        guard let binding = served(level, key) else { return .failure(unbound(level, key)) }
        if binding.takesArgument != (argument != nil) || (argument != nil && binding.arity != arity) {
            // The guide: resolving with other argument types than the binding's throws, naming both.
            return .failure(ModelFailure(reason: .arguments, key: key.description))
        }
        let owner = keeper(level, key)
        if isRefused(owner, key) { return .failure(ModelFailure(reason: .liveOnly, key: key.description)) }
        if binding.style == .instance {
            // The guide: a value made beforehand; every request gets that value.
            if let made = made[binding.id] { return .success(made) }
            instances.append(Instance(binding: binding.id, parts: []))
            made[binding.id] = instances.count - 1
            return .success(instances.count - 1)
        }
        let cell = CellKey(level: owner, key: key, argument: argument)
        if let cached = cached(cell, scope: binding.scope) { return .success(cached) }
        if frames.contains(where: { $0.cell == cell }) {
            return .failure(ModelFailure(reason: .cycle, key: key.description))
        }
        frames.append(Frame(cell: cell))
        defer { frames.removeLast() }
        if binding.asksUndeclared {
            // DESIGN "Opaque factories": the resolver refuses anything undeclared, naming the binding.
            return .failure(ModelFailure(reason: .undeclared, key: key.description))
        }
        let built: Int
        switch run(binding, at: owner, inner: nil, argument: argument, arity: arity) {
        case .failure(let failure): return .failure(failure)
        case .success(let id): built = id
        }
        if binding.style == .forward { return .success(built) }
        var id = built
        for decorator in decorators(owner, key) {
            switch run(decorator, at: owner, inner: id) {
            case .failure(let failure): return .failure(failure)
            case .success(let decorated): id = decorated
            }
        }
        if binding.scope != .transient {
            cells[cell] = Cell(
                instance: id, generation: binding.scope.resettableName.map { generations[$0, default: 0] } ?? 0)
        }
        return .success(id)
    }

    /// Runs one factory at `level`: its direct and optional dependencies first, then its
    /// providers and lazy values, the ones used in its initializer called; a decorator's gets
    /// the `inner` instance first. A forwarding binding serves its source's instance itself.
    private mutating func run(
        _ binding: ModelBinding, at owner: Int, inner: Int?,
        argument: Int? = nil, arity: Int = 1
    ) -> Result<Int, ModelFailure> {
        if binding.style == .forward, let argument {
            // What its source's factory makes for the same arguments: no factory of its own runs.
            return resolve(owner, binding.edges[0].target, argument: argument, arity: arity)
        }
        scratch.append(Scratch(held: inner.map { [$0] } ?? []))
        defer { scratch.removeLast() }
        var firsts: [Part] = []
        for edge in binding.edges where edge.kind.isBuiltFirst {
            if edge.target.isList {
                // Every item the list serves here, in its order.
                var ids: [Int] = []
                for item in items(owner, edge.target) {
                    switch resolve(owner, item) {
                    case .failure(let failure): return .failure(failure)
                    case .success(let id):
                        ids.append(id)
                        scratch[scratch.count - 1].held.append(id)
                    }
                }
                firsts.append(.list(ids))
                continue
            }
            if edge.kind == .optional, served(owner, edge.target) == nil {
                firsts.append(.absent)
                continue
            }
            switch resolve(owner, edge.target) {
            case .failure(let failure): return .failure(failure)
            case .success(let id):
                firsts.append(.instance(id))
                scratch[scratch.count - 1].held.append(id)
            }
        }
        var parts: [Part] = []
        var nextFirst = firsts.makeIterator()
        for edge in binding.edges {
            switch edge.kind {
            case .direct, .optional:
                parts.append(nextFirst.next()!)
            case .provider:
                parts.append(.provider(level: owner, key: edge.target))
            case .factory:
                parts.append(.factory(level: owner, key: edge.target, arity: edge.arity))
            case .lazy:
                lazies.append(LazyValue(level: owner, key: edge.target))
                scratch[scratch.count - 1].lazies.append(lazies.count - 1)
                parts.append(.lazy(lazies.count - 1))
            }
        }
        for (edge, part) in zip(binding.edges, parts) where edge.callsInInit {
            switch part {
            case .provider(let at, let target):
                switch resolve(at, target) {
                case .failure(let failure): return .failure(failure)
                case .success(let id): scratch[scratch.count - 1].held.append(id)
                }
            case .lazy(let lazy):
                if case .failure(let failure) = read(lazy) { return .failure(failure) }
            case .instance, .absent, .factory, .list:
                break
            }
        }
        if binding.style == .forward, case .instance(let source) = parts[0] {
            // The source's instance itself: no factory runs.
            return .success(source)
        }
        runs[binding.id, default: 0] += 1
        if binding.fails { return .failure(ModelFailure(reason: .factoryFailed, key: binding.key.description)) }
        instances.append(
            Instance(
                binding: binding.id, parts: (inner.map { [Part.instance($0)] } ?? []) + parts,
                argument: argument))
        return .success(instances.count - 1)
    }

    private mutating func read(_ lazy: Int) -> Result<Int, ModelFailure> {
        if let value = lazies[lazy].value { return .success(value) }
        let result = resolveSynchronously(lazies[lazy].level, lazies[lazy].key)
        if case .success(let id) = result { lazies[lazy].value = id }
        return result
    }

    private func cached(_ cell: CellKey, scope: ModelScope) -> Int? {
        guard let kept = cells[cell] else { return nil }
        switch scope {
        case .transient: return nil
        case .singleton, .eagerSingleton: return kept.instance
        case .weak: return isHeld(kept.instance) ? kept.instance : nil
        case .session, .cache:
            return kept.generation == generations[scope.resettableName!, default: 0] ? kept.instance : nil
        }
    }

    /// Whether something still holds an instance: the script's handles, a build in progress,
    /// or a kept singleton or resettable instance, directly or through held instances and read
    /// lazy values.
    private func isHeld(_ target: Int) -> Bool {
        var pending: [Int] = []
        for handle in handles.values {
            switch handle {
            case .instance(let id): pending.append(id)
            case .lazy(let lazy): if let value = lazies[lazy].value { pending.append(value) }
            case .provider: break
            }
        }
        for locals in scratch {
            pending += locals.held
            pending += locals.lazies.compactMap { lazies[$0].value }
        }
        for (cell, kept) in cells {
            guard let binding = served(cell.level, cell.key) else { continue }
            switch binding.scope {
            case .singleton, .eagerSingleton: pending.append(kept.instance)
            case .session, .cache:
                if kept.generation == generations[binding.scope.resettableName!, default: 0] {
                    pending.append(kept.instance)
                }
            case .transient, .weak: break
            }
        }
        // Instances hold each other strongly, as Swift's reference counting does: instances
        // that hold each other in a loop (through a lazy value read later) keep each other
        // alive even when nothing else holds them. A direct dependency is always older than its
        // dependant, so every such loop passes through a lazy value.
        pending += instances.indices.filter { id in
            instances[id].parts.contains { if case .lazy(let lazy) = $0 { lazies[lazy].value != nil } else { false } }
                && reaches(id, from: held(by: id))
        }
        return reaches(target, from: pending)
    }

    /// The instances that `id` holds: its direct dependencies and its lazy values read so far.
    private func held(by id: Int) -> [Int] {
        instances[id].parts.flatMap { part -> [Int] in
            switch part {
            case .instance(let held): [held]
            case .list(let items): items
            case .lazy(let lazy): lazies[lazy].value.map { [$0] } ?? []
            case .provider, .absent, .factory: []
            }
        }
    }

    private func reaches(_ target: Int, from start: [Int]) -> Bool {
        var pending = start
        var seen: Set<Int> = []
        while let id = pending.popLast() {
            if id == target { return true }
            guard seen.insert(id).inserted else { continue }
            pending += held(by: id)
        }
        return false
    }
}
