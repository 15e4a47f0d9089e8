import Synchronization

/// One level of an injector family, a root or a child: its settled bindings over its
/// parent's.
///
/// The one place that answers, for a key at this level, which binding serves it, which
/// selected version nothing serves, and which bindings depend on it. The compiler, the
/// producer table's errors, validation and introspection all ask it.
final class Layer: Sendable {
    let selection: Selection
    let parent: Layer?
    /// Live-only keys that this strict child refuses to build.
    let refused: Set<ServiceKey>
    /// Whether this level or a parent refuses anything; without a strict level, nothing is
    /// refused and ``isRefused(_:)`` looks nothing up.
    private let refusesAny: Bool
    /// For each key, the keys of this level's bindings that depend on it, worked out the first
    /// time a child asks (see ``dependants``): a level without children never needs it, and
    /// building it hashed every edge and made an array per key depended on (S3).
    private let dependantsTable = Mutex<[ServiceKey: [ServiceKey]]?>(nil)
    /// Whether each key settled so far is asynchronous, and why (see ``asynchrony(of:)``).
    let asynchronies = Mutex<[ServiceKey: Asynchrony]>([:])
    /// Whether this level or a parent binds an `async` factory; without one, nothing is
    /// asynchronous and ``asynchrony(of:)`` settles nothing.
    let hasAsyncFactory: Bool
    /// Whether this level or a parent declares a decorator: without one, choosing decorators
    /// has nothing to choose.
    let hasDecorators: Bool
    /// What ``keysDepending(on:)`` found for each key asked about, remembered: a test suite
    /// makes many children of one injector, each overriding the same few keys. A level never
    /// changes, so neither does an answer; it holds at most one set per key of the graph.
    private let dependantsOfKey = Mutex<[ServiceKey: Set<ServiceKey>]>([:])

    init(selection: Selection, declared: Declarations, versions: VersionSelection, parent: Layer?, strict: Bool) {
        var selection = selection
        // A level that retires, declares, withdraws and contributes nothing makes no collection.
        if selection.hasContributions || !selection.childRetirements.isEmpty || !declared.collections.isEmpty
            || !declared.withdrawals.isEmpty
        {
            selection.collect(declared: declared.collections, withdrawals: declared.withdrawals, parent: parent)
        }
        hasDecorators = parent?.hasDecorators == true || !declared.decorators.isEmpty
        if hasDecorators { selection.decorate(with: declared.decorators, versions: versions, parent: parent) }
        self.selection = selection
        self.parent = parent
        hasAsyncFactory =
            parent?.hasAsyncFactory == true || selection.bindings.contains { $0.recipe.isAsync }
        if strict {
            // A key this level only decorates is still its parent's binding, refused as before.
            let own = Set(selection.order).subtracting(selection.decoratedOnly)
            refused = (parent?.liveOnlyKeys() ?? []).subtracting(own)
        } else {
            refused = []
        }
        refusesAny = !refused.isEmpty || parent?.refusesAny == true
    }

    /// For each key, the keys of this level's bindings that depend on it.
    private var dependants: [ServiceKey: [ServiceKey]] {
        dependantsTable.withLock { table in
            if let table { return table }
            var dependants: [ServiceKey: [ServiceKey]] = [:]
            for (key, binding) in zip(selection.order, selection.bindings) {
                for dependency in binding.dependencies {
                    dependants[dependency.key, default: []].append(key)
                }
            }
            table = dependants
            return dependants
        }
    }

    /// The binding chosen for `key`, here or in a parent. An item this level withdraws from
    /// its collection, or a type a child retires, is not served here or below, unless bound
    /// again.
    func selected(for key: ServiceKey) -> Selected? {
        if let own = selection.selected(key) { return own }
        // Most levels hide nothing: no need to hash the key for that.
        guard selection.hidden.isEmpty || !selection.hidden.contains(key) else { return nil }
        return parent?.selected(for: key)
    }

    /// The binding chosen for `key`, here or in a parent, as ``selected(for:)`` finds it.
    func binding(for key: ServiceKey) -> Binding? {
        if let own = selection.binding(for: key) { return own }
        guard selection.hidden.isEmpty || !selection.hidden.contains(key) else { return nil }
        return parent?.binding(for: key)
    }

    /// When nothing serves `key` but it is bound, why: only later versions are bound, or it is
    /// retired. The nearest level's answer wins.
    func notServed(for key: ServiceKey) -> NotServed? {
        guard binding(for: key) == nil else { return nil }
        for level in levels { if let missing = level.selection.notServed[key] { return missing } }
        return nil
    }

    /// Whether `key` is bound but its selected version is malformed, so nothing was chosen.
    func isUnselectable(_ key: ServiceKey) -> Bool {
        binding(for: key) == nil && (selection.unselectable.contains(key) || parent?.isUnselectable(key) == true)
    }

    /// The error for resolving `key` when no producer serves it in the form asked for: plainly,
    /// or through a ``Factory`` that passes `given`.
    func unresolvable(_ key: ServiceKey, given: ArgumentList? = nil) -> ResolutionError {
        if let binding = binding(for: key) {
            return ResolutionError(
                .arguments(expected: binding.arguments?.names ?? [], given: given?.names ?? []),
                key: key, path: [PathStep(binding)])
        }
        guard let missing = notServed(for: key) else {
            return ResolutionError(.noBinding, key: key) { [self] in NearMatches(allKeys).notes(for: key) }
        }
        return ResolutionError(.notServed(missing), key: key)
    }

    /// This level, then its parent, up to the root.
    private var levels: some Sequence<Layer> { sequence(first: self) { $0.parent } }

    /// Every key that is bound but not served, at any level, in the order of their keys' names.
    var allNotServed: [NotServed] {
        var found: [ServiceKey: NotServed] = [:]
        for level in levels {
            for (key, missing) in level.selection.notServed where found[key] == nil { found[key] = missing }
        }
        return found.values.filter { binding(for: $0.key) == nil }.sorted { $0.key.description < $1.key.description }
    }

    /// The versions each service declares at any level, lowest first.
    var allDeclaredVersions: [ServiceKey: [Version]] {
        var found: [ServiceKey: Set<Version>] = [:]
        for level in levels { found.merge(level.selection.declaredVersions) { $0.union($1) } }
        return found.mapValues { $0.sorted() }
    }

    /// Every key with a chosen binding, a parent's first, each in declaration order.
    var allKeys: [ServiceKey] {
        guard let parent else { return selection.order }
        return parent.allKeys + selection.order.filter { parent.binding(for: $0) == nil }
    }

    /// The problems found while settling the bindings of every level, outermost first.
    var allSelectionProblems: [GraphProblem] {
        (parent?.allSelectionProblems ?? []) + selection.problems
    }

    /// Whether a child level binds `key` itself, shadowing an ancestor.
    func isOverridden(_ key: ServiceKey) -> Bool {
        guard let parent else { return false }
        return (selection.binds(key) && !selection.decoratedOnly.contains(key)) || parent.isOverridden(key)
    }

    /// Whether `binding`, as this level serves it, runs on the main actor: bound there, or, for
    /// a type forwarded with `.implements`, forwarding to a source that this level serves from
    /// such a binding, which may be another version or an override of the one that declared it.
    func isMainActor(_ binding: Binding) -> Bool {
        guard let source = binding.forwardsTo else { return binding.isMainActorIsolated }
        return self.binding(for: source)?.isMainActorIsolated ?? false
    }

    /// Whether this level refuses to build `key` (a strict child's live-only binding).
    func isRefused(_ key: ServiceKey) -> Bool {
        guard refusesAny else { return false }
        if refused.contains(key) { return true }
        guard let parent else { return false }
        let bindsItself = selection.binds(key) && !selection.decoratedOnly.contains(key)
        return !bindsItself && parent.isRefused(key)
    }

    /// The keys served by a live-only binding.
    func liveOnlyKeys() -> Set<ServiceKey> {
        var keys = parent?.liveOnlyKeys() ?? []
        for (key, binding) in zip(selection.order, selection.bindings) {
            if binding.isLiveOnly { keys.insert(key) } else { keys.remove(key) }
        }
        return keys
    }

    /// Whether a binding of this level or a parent's depends on `key`, through any kind of
    /// edge, shadowed or not.
    func isDependedOn(_ key: ServiceKey) -> Bool {
        dependants[key] != nil || parent?.isDependedOn(key) == true
    }

    /// The keys whose bindings, as this level serves them, need any of `keys`, directly or not
    /// and through any kind of edge, including `keys`. A binding that a nearer level shadows
    /// does not count: its edges are not the ones this level builds with.
    func keysDepending(on keys: some Sequence<ServiceKey>) -> Set<ServiceKey> {
        var found: Set<ServiceKey>?
        for key in keys {
            let depending = keysDepending(on: key)
            // One key, the usual child's, is answered with the remembered set itself.
            if found == nil { found = depending } else { found!.formUnion(depending) }
        }
        return found ?? []
    }

    /// ``keysDepending(on:)`` of one key, worked out once per level.
    private func keysDepending(on key: ServiceKey) -> Set<ServiceKey> {
        if let known = dependantsOfKey.withLock({ $0[key] }) { return known }
        var found: Set<ServiceKey> = [key]
        var pending = [key]
        // Each level's table read once, not once per key reached.
        let levels = levels.map { ($0, $0.dependants) }
        while let key = pending.popLast() {
            for (current, dependants) in levels {
                for dependant in dependants[key] ?? []
                where binding(for: dependant) === current.selection.binding(for: dependant)
                    && found.insert(dependant).inserted
                {
                    pending.append(dependant)
                }
            }
        }
        dependantsOfKey.withLock { $0[key] = found }
        return found
    }
}

/// Whether a binding must be built with `await`, and why.
///
/// A binding is asynchronous when its factory is `async`, or when a dependency that is built
/// before it (a direct or optional edge) is asynchronous: it must await that dependency first.
/// Providers, lazy values and factories build later, so they do not pass it on.
enum Asynchrony: Hashable, Sendable {
    case synchronous
    /// Its own factory is `async`.
    case asyncFactory
    /// It needs this asynchronous dependency, built first.
    case dependency(ServiceKey)

    var isAsynchronous: Bool { self != .synchronous }
}

extension Layer {
    /// Whether the binding of `key`, as this level serves it, is asynchronous, and why.
    ///
    /// Settled once per key and level, and remembered: each binding and edge is visited once,
    /// so settling the whole graph is linear in bindings + edges. The search keeps its own
    /// stack, so a long chain of dependencies cannot overflow the thread's.
    func asynchrony(of key: ServiceKey) -> Asynchrony {
        guard hasAsyncFactory else { return .synchronous }
        return asynchronies.withLock { settled in
            if let known = settled[key] { return known }
            // Each entry: a key being settled, and the next of its dependencies to look at.
            var stack = [(key: key, next: 0)]
            var visiting: Set<ServiceKey> = [key]
            search: while let (current, next) = stack.last {
                var found = Asynchrony.synchronous
                if let binding = binding(for: current), !isRefused(current) {
                    if binding.recipe.isAsync {
                        found = .asyncFactory
                    } else if binding.recipe.canAwait {
                        // (A recipe that cannot await its dependencies stays synchronous; building it
                        // synchronously fails with the asynchronous dependency's error.)
                        for index in next..<binding.dependencies.count {
                            let dependency = binding.dependencies[index]
                            // A loop of such edges is a cycle that validation reports; it makes
                            // nothing asynchronous.
                            guard dependency.kind.isBuiltFirst, !visiting.contains(dependency.key) else { continue }
                            guard let known = settled[dependency.key] else {
                                // Settle the dependency first, then come back to this edge.
                                stack[stack.count - 1].next = index
                                visiting.insert(dependency.key)
                                stack.append((dependency.key, 0))
                                continue search
                            }
                            if known.isAsynchronous {
                                found = .dependency(dependency.key)
                                break
                            }
                        }
                    }
                }
                settled[current] = found
                visiting.remove(current)
                stack.removeLast()
            }
            return settled[key]!
        }
    }

    /// The keys from `key` to the binding whose factory is `async`, both included: `[key]` when
    /// its own factory is.
    func asynchronousChain(from key: ServiceKey) -> [ServiceKey] {
        var chain = [key]
        while case .dependency(let next) = asynchrony(of: chain.last!), chain.count <= PathStep.limit {
            chain.append(next)
        }
        return chain
    }
}
