// What validation must report, stated directly from DocC "Validation and Introspection" and DESIGN.md
// "Validation, introspection, errors", over small graphs and without any cleverness.
//
// Problems are compared as subjects, one string per problem: its kind and what it is about.
// Several reports of one subject (a captive held through two edges) count once.

/// The root's bindings after duplicates and versions are settled (DocC "Versions",
/// "Overrides and duplicates").
struct ModelSelection {
    var selected: [ModelKey: ModelBinding] = [:]
    /// Keys in the order their first binding was declared.
    var order: [ModelKey] = []
    /// Keys that are bound, but in no version the selection can serve.
    var unsatisfied: Set<ModelKey> = []
    /// Keys bound whose selected version is malformed: nothing is chosen, and only the selection
    /// is reported.
    var unselectable: Set<ModelKey> = []
    var problems: Set<String> = []

    /// `defaultVersion` `nil` is no selection given: each key's highest version ("With no
    /// selection given, each type is served by its latest bound version").
    init(bindings: [ModelBinding], defaultVersion: String?, overrides: [ModelKey: String]) {
        var kept: [ModelKey: [(version: ModelVersion?, binding: ModelBinding)]] = [:]
        for binding in bindings.flatMap(\.declared) {
            var version: ModelVersion?
            if let text = binding.version {
                guard let parsed = ModelVersion(text) else {
                    problems.insert("invalidVersion #\(binding.id)")
                    continue
                }
                version = parsed
            }
            if kept[binding.key] == nil { order.append(binding.key) }
            var same = kept[binding.key, default: []]
            if let index = same.firstIndex(where: { $0.version == version }) {
                // The same type, name and version again: an error unless it says .overriding().
                if !binding.isOverriding { problems.insert("duplicateBinding #\(binding.id)") }
                same[index].binding = binding
            } else {
                if binding.isOverriding { problems.insert("overrideWithoutTarget #\(binding.id)") }
                same.append((version, binding))
            }
            kept[binding.key] = same
        }
        let wantedDefault = defaultVersion.flatMap(ModelVersion.init)
        if defaultVersion != nil, wantedDefault == nil { problems.insert("invalidVersion selection default") }
        for (key, text) in overrides {
            // Every problem at once: a malformed version, and an override nothing can use.
            if kept[key] == nil { problems.insert("unsatisfiableVersion \(key)") }
            if ModelVersion(text) == nil { problems.insert("invalidVersion selection \(key)") }
        }
        for key in order {
            let candidates = kept[key]!
            if !candidates.contains(where: { !$0.binding.isRetirement }) {
                // DESIGN "Versions": a retirement of what nothing binds is a mistake.
                problems.insert("retiresUnbound \(key)")
            }
            if candidates.count == 1, candidates[0].version == nil {
                // A binding without a version serves every selection.
                selected[key] = candidates[0].binding
                continue
            }
            let versioned = candidates.filter { $0.version != nil }
            if overrides[key] == nil, defaultVersion == nil {
                // No selection: the highest version; a key bound only without one has returned above.
                selected[key] = versioned.max { $0.version! < $1.version! }!.binding
                continue
            }
            guard let wanted = overrides[key].map(ModelVersion.init) ?? wantedDefault else {
                // The invalid selected version is reported above, and is the only problem: the
                // key is bound, but nothing can be chosen for it.
                unselectable.insert(key)
                continue
            }
            if let exact = versioned.first(where: { $0.version == wanted }) {
                selected[key] = exact.binding
            } else if let below = versioned.filter({ $0.version! < wanted }).max(by: { $0.version! < $1.version! }) {
                selected[key] = below.binding
            } else if let unversioned = candidates.first(where: { $0.version == nil }) {
                selected[key] = unversioned.binding
            } else if key.item != nil {
                // DocC "Multibindings and Decorators": an item only of later versions is not in the list.
                continue
            } else {
                // DESIGN "Versions": bound only in later versions, so not served; a problem only
                // for what needs it.
                unsatisfied.insert(key)
            }
        }
        // DESIGN "Versions": a key whose chosen declaration is a retirement is not served either.
        for (key, binding) in selected where binding.isRetirement {
            selected[key] = nil
            unsatisfied.insert(key)
        }
        order.removeAll { selected[$0] == nil }
    }
}

enum ModelValidation {
    /// A binding with its decorators' edges added: the decorated instance holds what they
    /// hold and takes the binding's scope, and a decorator that needs its own type is a cycle.
    static func decorated(_ binding: ModelBinding?, by decorators: [ModelBinding]) -> ModelBinding? {
        guard var binding, !decorators.isEmpty else { return binding }
        binding.edges += decorators.flatMap(\.edges)
        return binding
    }

    /// Missing bindings, cycles of direct edges, captive dependencies and asynchronous
    /// bindings that nothing can await, of the graph whose bindings `served` gives, over `keys`.
    /// `isRefused` names the live-only bindings a strict child refuses.
    static func graphProblems(
        keys: [ModelKey], served: (ModelKey) -> ModelBinding?,
        unsatisfied: Set<ModelKey>, unselectable: Set<ModelKey>, isRefused: (ModelKey) -> Bool = { _ in false }
    ) -> Set<String> {
        var problems: Set<String> = []
        for key in keys {
            for edge in served(key)!.edges
            where edge.kind != .optional && served(edge.target) == nil && !unselectable.contains(edge.target) {
                problems.insert("\(unsatisfied.contains(edge.target) ? "notServed" : "missingBinding") \(edge.target)")
            }
        }
        let loops = cycles(keys: keys, served: served)
        for loop in loops {
            problems.insert(cycleSubject(loop))
        }
        // Which bindings of a loop are asynchronous is left open (it depends on where the
        // search enters the loop), so a graph with a loop is not checked for them.
        if loops.isEmpty {
            problems.formUnion(asynchronyProblems(keys: keys, served: served, isRefused: isRefused))
            problems.formUnion(isolationProblems(keys: keys, served: served, isRefused: isRefused))
        }
        for key in keys where captive(key, served: served) {
            problems.insert("captiveDependency \(key)")
        }
        problems.formUnion(argumentProblems(keys: keys, served: served))
        return problems
    }

    /// DocC "Asynchronous set-up": a binding is asynchronous when its factory is `async`, or
    /// when a dependency built before it (a plain or optional parameter) is asynchronous and
    /// its factory can await (``ModelBinding/canAwait``). A refused binding is not.
    static func isAsynchronous(
        _ key: ModelKey, served: (ModelKey) -> ModelBinding?,
        isRefused: (ModelKey) -> Bool
    ) -> Bool {
        var visiting: Set<ModelKey> = []
        var known: [ModelKey: Bool] = [:]
        func visit(_ key: ModelKey) -> Bool {
            if let answer = known[key] { return answer }
            guard !isRefused(key), let binding = served(key), visiting.insert(key).inserted else { return false }
            defer { visiting.remove(key) }
            let answer =
                binding.isAsync
                || (binding.canAwait && binding.edges.contains { $0.kind.isBuiltFirst && visit($0.target) })
            known[key] = answer
            return answer
        }
        return visit(key)
    }

    /// Each binding that needs an asynchronous one where nothing can await it: through a
    /// `Provider` or `Lazy`, or built first by a factory that cannot await (the guide:
    /// "`asynchronousDependency`"). Named by the binding that needs it.
    static func asynchronyProblems(
        keys: [ModelKey], served: (ModelKey) -> ModelBinding?,
        isRefused: (ModelKey) -> Bool
    ) -> Set<String> {
        let keys = withLists(keys, served: served)
        func isAsync(_ key: ModelKey) -> Bool { isAsynchronous(key, served: served, isRefused: isRefused) }
        var problems: Set<String> = []
        for key in keys where !isRefused(key) {
            guard let binding = served(key) else { continue }
            for edge in binding.edges where served(edge.target) != nil && isAsync(edge.target) {
                let wrapped = edge.kind == .provider || edge.kind == .lazy
                if wrapped || (edge.kind.isBuiltFirst && !isAsync(key)) {
                    problems.insert("asynchronousDependency \(key)")
                }
            }
        }
        return problems
    }

    /// `keys` and the lists their items belong to: a list is a binding of its own, checked
    /// whether or not anything injects it.
    static func withLists(_ keys: [ModelKey], served: (ModelKey) -> ModelBinding?) -> [ModelKey] {
        var keys = keys
        for key in keys where key.item != nil && !keys.contains(key.list) && served(key.list) != nil {
            keys.append(key.list)
        }
        return keys
    }

    /// DocC "Asynchronous set-up": a binding is isolated when it is bound `onMainActor`, or
    /// forwards (`.implements`) to one that is. A refused binding, or a type forwarded to one,
    /// is not: it fails as live-only before anything asks where it runs.
    static func isIsolated(
        _ key: ModelKey, served: (ModelKey) -> ModelBinding?,
        isRefused: (ModelKey) -> Bool
    ) -> Bool {
        isolatedBinding(key, served: served, isRefused: isRefused) != nil
    }

    /// The key of the main-actor binding that serves `key`, itself or behind a forwarded type.
    static func isolatedBinding(
        _ key: ModelKey, served: (ModelKey) -> ModelBinding?,
        isRefused: (ModelKey) -> Bool
    ) -> ModelKey? {
        guard !isRefused(key), let binding = served(key) else { return nil }
        guard binding.style == .forward else { return binding.isMainActor ? key : nil }
        return binding.edges.first.flatMap { isolatedBinding($0.target, served: served, isRefused: isRefused) }
    }

    /// Each binding that is not isolated but holds an isolated one that is not asynchronous
    /// through a `Provider` or `Lazy`, or directly or as an optional without awaiting it
    /// ("isolation captive"); refused bindings are never built. Named by the key held and the
    /// way it is held: one problem however many hold it so.
    static func isolationProblems(
        keys: [ModelKey], served: (ModelKey) -> ModelBinding?,
        isRefused: (ModelKey) -> Bool
    ) -> Set<String> {
        let keys = withLists(keys, served: served)
        func isAsync(_ key: ModelKey) -> Bool { isAsynchronous(key, served: served, isRefused: isRefused) }
        var problems: Set<String> = []
        func isolated(_ key: ModelKey) -> Bool { isIsolated(key, served: served, isRefused: isRefused) }
        for key in keys where !isRefused(key) && !isolated(key) {
            guard let binding = served(key) else { continue }
            for edge in binding.edges where edge.kind != .factory {
                guard served(edge.target) != nil, isolated(edge.target), !isAsync(edge.target) else { continue }
                // A holder that awaits what it builds first hops to the main actor for it; a
                // provider or lazy value it calls later cannot.
                if edge.kind.isBuiltFirst, isAsync(key) { continue }
                let way = edge.kind.isBuiltFirst ? "plainly" : "through a wrapper"
                problems.insert("isolationCaptive \(edge.target) \(way)")
            }
        }
        return problems
    }

    /// DocC "Bindings and Resolving": a binding with arguments is reached through a `Factory` of
    /// as many `Int`s only, and a factory reaches only such a binding; an eager singleton
    /// cannot take arguments. Each problem is named by the binding asked for.
    static func argumentProblems(keys: [ModelKey], served: (ModelKey) -> ModelBinding?) -> Set<String> {
        var problems: Set<String> = []
        for key in keys {
            let binding = served(key)!
            if binding.takesArgument, binding.scope == .eagerSingleton { problems.insert("runTimeArguments \(key)") }
            for edge in binding.edges {
                guard let target = served(edge.target) else { continue }
                if (edge.kind == .factory) != target.takesArgument
                    || (edge.kind == .factory && edge.arity != target.arity)
                {
                    problems.insert("runTimeArguments \(edge.target)")
                }
            }
        }
        return problems
    }

    /// What serves list `list` (DocC "Multibindings and Decorators"): a transient binding whose direct
    /// edges are the served items among `candidates` (the items contributed with the list's
    /// name), ordered by
    /// position, then id; nothing when nothing is contributed, so that injecting it is a
    /// missing binding.
    static func listBinding(
        _ list: ModelKey, candidates: some Sequence<ModelKey>,
        served: (ModelKey) -> ModelBinding?
    ) -> ModelBinding? {
        let contributed = candidates.filter { $0.item != nil && $0.list == list }
        guard !contributed.isEmpty else { return nil }
        let items =
            contributed
            .compactMap { item in served(item).map { (key: item, position: $0.position) } }
            .sorted { ($0.position, $0.key.item!) < ($1.position, $1.key.item!) }
        return ModelBinding(
            id: 0, key: list, version: nil, scope: .transient, isLiveOnly: false, isOverriding: false,
            edges: items.map { ModelEdge(target: $0.key, kind: .direct, callsInInit: false) },
            style: .typed, fails: false)
    }

    static func cycleSubject(_ keys: Set<ModelKey>) -> String {
        "cycle " + keys.sorted().map(\.description).joined(separator: ", ")
    }

    /// The sets of keys that reach each other through edges built first (direct and optional
    /// ones): each is one loop or more.
    static func cycles(keys: [ModelKey], served: (ModelKey) -> ModelBinding?) -> Set<Set<ModelKey>> {
        func successors(_ key: ModelKey) -> [ModelKey] {
            served(key)?.edges.filter { $0.kind.isBuiltFirst && served($0.target) != nil }.map(\.target) ?? []
        }
        // A list injected is a step of a loop too (the guide shows `AuditSink[console]` and
        // the list as nodes of the graph).
        var keys = keys
        for key in keys {
            for edge in served(key)?.edges ?? [] where edge.target.isList && served(edge.target) != nil {
                if !keys.contains(edge.target) { keys.append(edge.target) }
            }
        }
        var reach: [ModelKey: Set<ModelKey>] = [:]
        for key in keys {
            var seen: Set<ModelKey> = []
            var pending = successors(key)
            while let next = pending.popLast() {
                guard seen.insert(next).inserted else { continue }
                pending += successors(next)
            }
            reach[key] = seen
        }
        var loops: Set<Set<ModelKey>> = []
        for key in keys where reach[key]!.contains(key) {
            loops.insert(Set(keys.filter { reach[key]!.contains($0) && reach[$0]!.contains(key) }))
        }
        return loops
    }

    /// Whether a binding that keeps its instances holds, directly or through transient
    /// bindings, an instance of a scope that ends sooner.
    static func captive(_ key: ModelKey, served: (ModelKey) -> ModelBinding?) -> Bool {
        guard let holder = served(key), holder.scope.rank != nil else { return false }
        var seen: Set<ModelKey> = []
        var pending = holder.edges.filter(\.kind.holds).map(\.target)
        while let next = pending.popLast() {
            guard seen.insert(next).inserted, let held = served(next) else { continue }
            if held.scope.rank == nil {
                pending += held.edges.filter(\.kind.holds).map(\.target)
            } else if holder.scope.outlives(held.scope) {
                return true
            }
        }
        return false
    }
}
