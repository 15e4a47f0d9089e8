/// SplitMix64: a small, fast generator whose sequence depends only on its seed, so a printed
/// seed reproduces a graph on any machine.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

    mutating func chance(_ probability: Double) -> Bool {
        Double(next() >> 11) / Double(1 << 53) < probability
    }

    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }

    /// One of `choices`, each as likely as its weight.
    mutating func weighted<T>(_ choices: [(T, Int)]) -> T {
        var roll = below(choices.reduce(0) { $0 + $1.1 })
        for (choice, weight) in choices {
            if roll < weight { return choice }
            roll -= weight
        }
        return choices[choices.count - 1].0
    }
}

/// Makes random graphs and scripts: types with direct, provider, lazy, named and opaque edges;
/// every scope; versions with per-service selections, or no selection (each key's latest);
/// children with overrides; strict children with live-only bindings; resets; bindings with one
/// to six run-time arguments reached through `Factory<Int, …, T>` and `resolve(_:arguments:)`,
/// and the faces they `.implements`, which take the same arguments; contributed
/// items injected as `[Node<T>]`, which children add, replace and withdraw. Most graphs are
/// nudged towards validity, so that the script has something to run; the rest keep their
/// problems, for the validation comparison.
struct GraphGenerator {
    static let validVersions = ["v1", "v2", "v3", "v1.5", "v10"]
    /// How many protocols `Face0`… bindings may serve with `.implements`.
    static let faces = faceTypes.count
    static let invalidVersions = ["2", "v", "v1.", "x1", "1.0"]

    private var random: SeededGenerator
    private var nextID = 1
    private var types: [Int] = []
    private var keys: [ModelKey] = []
    /// A random order of the keys; direct edges mostly go forward in it, so few graphs loop.
    private var rank: [ModelKey: Int] = [:]
    /// Whether the graph has decorators; it then has no `toInstance` bindings, whose decoration
    /// the documentation leaves open.
    private var decorating = false
    /// Whether some typed bindings have `async` factories.
    private var asynchronous = false
    /// Whether some typed bindings are isolated to the main actor.
    private var isolating = false
    /// Keys whose bindings take run-time arguments (`Int`s): typed, undecorated, not live-only.
    private var argumentKeys: Set<ModelKey> = []
    /// How many arguments each of ``argumentKeys`` takes, in every binding of it.
    private var arity: [ModelKey: Int] = [:]
    /// Lists of types whose `Node<T>` only has contributed items, injected as `[Node<T>]` or,
    /// for a list named "x", `Named<NameX, [Node<T>]>`; a type may have both.
    private var lists: [ModelKey] = []
    private var listTypes: [Int] { lists.map(\.type) }
    static let itemIDs = ["a", "b", "c", "d"]

    /// A type nothing binds or contributes to.
    private var unusedType: Int { Set(0..<nodeTags.count).subtracting(types + listTypes).sorted()[0] }

    static func graph(seed: UInt64) -> ModelGraph {
        var generator = GraphGenerator(random: SeededGenerator(seed: seed))
        return generator.makeGraph()
    }

    private init(random: SeededGenerator) {
        self.random = random
    }

    private mutating func makeGraph() -> ModelGraph {
        asynchronous = random.chance(0.3)
        // Decorators with asynchronous dependencies are not supported yet (issue 11's notes),
        // so a graph has one or the other.
        decorating = !asynchronous && random.chance(0.35)
        isolating = random.chance(0.25)
        var pool = Array(0..<nodeTags.count)
        for _ in 0..<(3 + random.below(8)) { types.append(pool.remove(at: random.below(pool.count))) }
        for type in types {
            keys.append(ModelKey(type))
            if random.chance(0.15) { keys.append(ModelKey(type, named: "x")) }
        }
        for (position, key) in keys.shuffled(using: &random).enumerated() { rank[key] = position }
        for key in keys where key.name == nil && random.chance(0.2) {
            argumentKeys.insert(key)
            arity[key] = random.weighted([(1, 50), (2, 15), (3, 10), (4, 8), (5, 7), (6, 10)])
        }
        for _ in 0..<random.weighted([(0, 45), (1, 40), (2, 15)]) {
            let type = pool.remove(at: random.below(pool.count))
            // The unnamed list, the list named "x", or both: their items are apart.
            let names = random.weighted([([nil], 60), (["x"], 20), ([nil, "x"], 20)] as [([String?], Int)])
            for name in names {
                let list = ModelKey.list(type, named: name)
                lists.append(list)
                // A list shares its rank with its items, so items do not inject their own list.
                let position = random.below(keys.count + 1)
                rank[list] = position
                for id in Self.itemIDs { rank[.item(type, id: id, named: name)] = position }
            }
        }

        var bindings: [ModelBinding] = []
        for key in keys.shuffled(using: &random) {
            let count = random.weighted([(0, 8), (1, 70), (2, 16), (3, 6)])
            var versions: [String?] = count == 1 ? [random.chance(0.75) ? nil : random.pick(Self.validVersions)] : []
            while versions.count < count {
                let version: String? = random.chance(0.2) ? nil : random.pick(Self.validVersions)
                if !versions.contains(version) { versions.append(version) }
            }
            for version in versions {
                var binding = makeBinding(key)
                binding.version = random.chance(0.03) ? random.pick(Self.invalidVersions) : version
                binding.isOverriding = random.chance(0.02)
                bindings.append(binding)
            }
            if count > 0, random.chance(0.05) {
                var again = makeBinding(key)
                again.version = versions[0]
                again.isOverriding = random.chance(0.7)
                bindings.append(again)
            }
            // DESIGN "Versions": a later generation retires the key, at a version of its own or,
            // overriding, at one already bound; rarely with nothing bound at all.
            if count > 0 || random.chance(0.05), key.item == nil, !key.isList, random.chance(0.1) {
                var retirement = makeBinding(key)
                retirement.isRetirement = true
                retirement.edges = []
                retirement.implements = []
                retirement.version = random.pick(Self.validVersions)
                retirement.isOverriding = versions.contains(retirement.version) && random.chance(0.8)
                bindings.append(retirement)
            }
        }
        for list in lists where random.chance(0.9) {
            // Contributions, sometimes in several versions or twice at one version.
            for id in Self.itemIDs.shuffled(using: &random).prefix(1 + random.below(3)) {
                let count = random.weighted([(1, 75), (2, 20), (3, 5)])
                var versions: [String?] =
                    count == 1 ? [random.chance(0.75) ? nil : random.pick(Self.validVersions)] : []
                while versions.count < count {
                    let version: String? = random.chance(0.2) ? nil : random.pick(Self.validVersions)
                    if !versions.contains(version) { versions.append(version) }
                }
                for version in versions {
                    var item = makeItem(list, id: id)
                    item.version = version
                    bindings.append(item)
                }
                if random.chance(0.05) {
                    var again = makeItem(list, id: id)
                    again.version = versions[0]
                    again.isOverriding = random.chance(0.7)
                    bindings.append(again)
                }
            }
        }
        // Sometimes no selection at all: each key's latest version, and no per-service selections.
        let defaultVersion: String? =
            random.chance(0.1)
            ? nil
            : random.chance(0.03) ? random.pick(Self.invalidVersions) : random.pick(Self.validVersions)
        var overrides: [ModelKey: String] = [:]
        if defaultVersion != nil, random.chance(0.3) {
            // Per-service selections name unnamed keys of types without a named binding, whose
            // selection the documentation leaves open.
            let named = Set(keys.filter { $0.name != nil }.map(\.type))
            for _ in 0..<(1 + random.below(2)) {
                let key = ModelKey(random.pick(types))
                guard !named.contains(key.type) else { continue }
                overrides[key] =
                    random.chance(0.05) ? random.pick(Self.invalidVersions) : random.pick(Self.validVersions)
            }
        }
        if defaultVersion != nil, random.chance(0.03) {
            // Sorted: a set's order changes from process to process, and the seed must say it all.
            overrides[ModelKey(random.pick(Set(0..<nodeTags.count).subtracting(types + listTypes).sorted()))] = "v1"
        }
        var decorators: [ModelBinding] = []
        if decorating {
            for _ in 0..<(1 + random.below(3)) { decorators.append(makeDecorator()) }
        }
        var graph = ModelGraph(
            bindings: bindings, decorators: decorators, defaultVersion: defaultVersion,
            overrides: overrides, script: [])
        graph.awaits = asynchronous && random.chance(0.6)
        if random.chance(0.8) { Self.legalize(&graph) }
        graph.script = makeScript(graph)
        return graph
    }

    /// A decorator of an unnamed key (sometimes one nothing binds), with up to three edges.
    private mutating func makeDecorator() -> ModelBinding {
        let unnamed = keys.filter { $0.name == nil && !argumentKeys.contains($0) }
        var key =
            !unnamed.isEmpty && random.chance(0.95) ? random.pick(unnamed) : ModelKey(random.below(nodeTags.count))
        if argumentKeys.contains(key) || listTypes.contains(key.type) { key = ModelKey(unusedType) }
        defer { nextID += 1 }
        // Versions and ids (DocC "Multibindings and Decorators"): per id, the selected version, else the highest
        // below it; one without an id stands alone.
        let version = random.weighted([(nil, 55), ("v1", 15), ("v2", 18), ("v3", 12)] as [(String?, Int)])
        var decorator = ModelBinding(
            id: nextID, key: key, version: version, scope: .transient, isLiveOnly: false,
            isOverriding: false, edges: makeEdges(for: key, style: .typed, upTo: 3),
            style: .typed, fails: false)
        decorator.decoratorID = random.weighted([(nil, 45), ("log", 35), ("meter", 20)] as [(String?, Int)])
        return decorator
    }

    private mutating func makeBinding(_ key: ModelKey) -> ModelBinding {
        if argumentKeys.contains(key) { return makeArgumentBinding(key) }
        let style =
            decorating
            ? random.weighted([(FactoryStyle.typed, 60), (.opaque, 40)])
            : random.weighted([(FactoryStyle.typed, 54), (.opaque, 36), (.instance, 10)])
        let edges = style == .instance ? [] : makeEdges(for: key, style: style, upTo: 4)
        let scope = random.weighted([
            (ModelScope.transient, 35), (.singleton, 20), (.eagerSingleton, 7), (.weak, 13),
            (.session, 15), (.cache, 10),
        ])
        var implements: [Int] = []
        for _ in 0..<random.weighted([(0, 85), (1, 12), (2, 3)]) {
            let face = random.below(Self.faces)
            if !implements.contains(face) { implements.append(face) }
        }
        defer { nextID += 1 }
        var binding = ModelBinding(
            id: nextID, key: key, version: nil, scope: scope, isLiveOnly: random.chance(0.15),
            isOverriding: false, edges: edges, style: style, fails: random.chance(0.03),
            asksUndeclared: style == .opaque && random.chance(0.03), implements: implements)
        binding.isAsync = asynchronous && style == .typed && random.chance(0.3)
        binding.isMainActor = isolating && style == .typed && random.chance(0.25)
        if binding.isMainActor {
            // The model's factories call providers from a function that is not isolated, so on
            // Linux (where the main actor may run on another thread) they could not tell they are
            // on the main actor (DocC "Asynchronous set-up", limits); they call none in their init.
            for index in binding.edges.indices { binding.edges[index].callsInInit = false }
        }
        return binding
    }

    /// `contribute(Node<T>.self, id: id, position: p) { ... }` to `list`, `.named("x")` for
    /// the list named "x".
    private mutating func makeItem(_ list: ModelKey, id: String) -> ModelBinding {
        let key = ModelKey.item(list.type, id: id, named: list.name)
        let scope = random.weighted([
            (ModelScope.transient, 35), (.singleton, 25), (.eagerSingleton, 5), (.weak, 15),
            (.session, 10), (.cache, 10),
        ])
        defer { nextID += 1 }
        var item = ModelBinding(
            id: nextID, key: key, version: nil, scope: scope, isLiveOnly: false, isOverriding: false,
            edges: makeEdges(for: key, style: .typed, upTo: 2), style: .typed,
            fails: random.chance(0.03))
        item.position = random.weighted([(0, 50), (-1, 25), (1, 25)])
        return item
    }

    /// `bind(Node<T>.self, arguments: Int.self, …) { (n: Int, …, deps…) in ... }`, sometimes an
    /// eager singleton, which validation refuses; sometimes serving faces too, which take the
    /// same arguments.
    private mutating func makeArgumentBinding(_ key: ModelKey) -> ModelBinding {
        let edges = makeEdges(for: key, style: .typed, upTo: 3)
        let scope = random.weighted([
            (ModelScope.transient, 30), (.singleton, 25), (.eagerSingleton, 5), (.weak, 20),
            (.session, 10), (.cache, 10),
        ])
        var implements: [Int] = []
        for _ in 0..<random.weighted([(0, 75), (1, 20), (2, 5)]) {
            let face = random.below(Self.faces)
            if !implements.contains(face) { implements.append(face) }
        }
        defer { nextID += 1 }
        return ModelBinding(
            id: nextID, key: key, version: nil, scope: scope, isLiveOnly: false, isOverriding: false,
            edges: edges, style: .typed, fails: random.chance(0.03), implements: implements,
            takesArgument: true, arity: arity[key]!)
    }

    private mutating func makeEdges(for key: ModelKey, style: FactoryStyle, upTo most: Int) -> [ModelEdge] {
        var edges: [ModelEdge] = []
        let counts = [(0, 25), (1, 30), (2, 25), (3, 15), (4, 5)].filter { $0.0 <= most }
        for _ in 0..<random.weighted(counts) {
            var kind = random.weighted([(ModelEdgeKind.direct, 45), (.optional, 12), (.provider, 25), (.lazy, 18)])
            var candidates = keys
            if kind.isBuiltFirst, !random.chance(0.04) {
                candidates = candidates.filter { rank[$0]! > rank[key] ?? -1 }
            }
            var target = candidates.isEmpty ? ModelKey(random.pick(types)) : random.pick(candidates)
            // Sometimes a type nothing binds: a missing binding, or nil for an optional edge.
            if random.chance(kind == .optional ? 0.3 : 0.03) { target = ModelKey(random.below(nodeTags.count)) }
            // A protocol served through .implements, which only an opaque factory can ask for
            // here (an existential type cannot be a model parameter type).
            if style == .opaque, kind == .direct, random.chance(0.1) {
                target = .face(random.below(Self.faces), named: random.chance(0.2) ? "x" : nil)
            }
            // A list, injected as `[Node<T>]`: by typed factories only, mostly forward in rank.
            if style == .typed, kind == .direct, !listTypes.isEmpty, random.chance(0.2) {
                let list = random.pick(lists)
                if rank[list]! > rank[key] ?? -1 || random.chance(0.04) { target = list }
            }
            // An opaque factory declares its needs by type; run-time arguments stay with typed ones.
            if style == .opaque, argumentKeys.contains(target) { continue }
            // Mostly a factory to a binding with arguments and none elsewhere; the rest are problems.
            // (`Factory<Int, Named<N, T>>` is no factory of a named binding, so none is asked for.)
            if argumentKeys.contains(target)
                ? random.chance(0.9)
                : style != .opaque && target.name == nil && target.face == nil && !target.isList && random.chance(0.03)
            {
                kind = .factory
            }
            // Mostly as many arguments as the binding takes; the rest are problems.
            let arguments = random.chance(0.95) ? arity[target] ?? 1 : 1 + random.below(6)
            edges.append(
                ModelEdge(
                    target: target, kind: kind,
                    callsInInit: kind != .factory && !kind.isBuiltFirst && random.chance(0.25),
                    arity: arguments))
        }
        return edges
    }

    // MARK: Scripts

    private mutating func makeScript(_ graph: ModelGraph) -> [ModelStep] {
        var script: [ModelStep] = []
        // The faces that bindings with arguments serve, and how many arguments they take.
        var argumentFaces: [ModelKey: Int] = [:]
        for binding in graph.bindings where binding.takesArgument {
            for face in binding.implements { argumentFaces[.face(face, named: binding.key.name)] = binding.arity }
        }
        var levels: [Int?] = [nil]
        var chains: [Int: [ChildSpec]] = [:]
        var instances: [Int] = []
        var callables: [Int] = []
        var withdrawing: Set<Int> = []
        for index in 0..<(8 + random.below(23)) {
            let choice = random.weighted([
                ("resolve", 40), ("optional", 4), ("provider", 6), ("lazy", 5), ("call", 8),
                ("use", 12), ("reset", 8), ("drop", 7), ("child", 8), ("argument", 8),
                ("factory", 8),
            ])
            let level = random.pick(levels)
            // What the guide leaves open for a binding with arguments (asked for as a provider, lazy
            // value or optional) is not asked.
            let plainTypes = types.filter { !argumentKeys.contains(ModelKey($0)) }
            switch choice {
            case "argument":
                // A key with arguments, or a face one forwards; mostly with as many arguments as it takes.
                let taking = argumentKeys.sorted() + argumentFaces.keys.sorted()
                let key = !taking.isEmpty && random.chance(0.85) ? random.pick(taking) : random.pick(keys)
                let arguments = random.chance(0.9) ? arity[key] ?? argumentFaces[key] ?? 1 : 1 + random.below(6)
                let keep = random.chance(0.5)
                script.append(
                    .resolveArgument(level: level, key: key, argument: random.below(3), arity: arguments, keep: keep))
                if keep { instances.append(index) }
            case "factory" where !instances.isEmpty:
                let keep = random.chance(0.4)
                script.append(
                    .useFactory(
                        handle: random.pick(instances), part: random.below(4), argument: random.below(3),
                        keep: keep))
                if keep { instances.append(index) }
            case "provider" where !plainTypes.isEmpty, "lazy" where !plainTypes.isEmpty:
                let key = ModelKey(random.pick(plainTypes))
                script.append(
                    choice == "provider"
                        ? .resolveProvider(level: level, key: key) : .resolveLazy(level: level, key: key))
                callables.append(index)
            case "optional":
                let keep = random.chance(0.5)
                var type =
                    random.chance(0.3) || plainTypes.isEmpty ? random.below(nodeTags.count) : random.pick(plainTypes)
                if argumentKeys.contains(ModelKey(type)) { type = unusedType }
                script.append(.resolveOptional(level: level, key: ModelKey(type), keep: keep))
                if keep { instances.append(index) }
            case "call" where !callables.isEmpty:
                let keep = random.chance(0.4)
                script.append(.call(handle: random.pick(callables), keep: keep))
                if keep { instances.append(index) }
            case "use" where !instances.isEmpty:
                let keep = random.chance(0.4)
                script.append(.use(handle: random.pick(instances), part: random.below(4), keep: keep))
                if keep { instances.append(index) }
            case "reset":
                script.append(.reset(level: level, scope: random.chance(0.6) ? .session : .cache))
            case "drop" where !instances.isEmpty:
                let handle = random.pick(instances)
                instances.removeAll { $0 == handle }
                script.append(.drop(handle: handle))
            case "child" where levels.count < 4 && !withdrawing.contains(level ?? -1):
                let chain = level.map { chains[$0]! } ?? []
                // Only a child that changes nothing but items (binds nothing else, is not strict)
                // withdraws one, and it has no children: the container validates and builds a
                // withdrawn item that depends on what a level changes (ModelListFindingsTests).
                let withdraws = !listTypes.isEmpty && random.chance(0.25)
                var spec = ChildSpec(parent: level, isStrict: !withdraws && random.chance(0.4), bindings: [])
                for _ in 0..<(withdraws ? 0 : 1 + random.below(3)) {
                    let key = random.chance(0.85) ? random.pick(keys) : ModelKey(random.below(nodeTags.count))
                    spec.bindings.append(makeBinding(key))
                }
                if decorating, !withdraws, random.chance(0.4) { spec.decorators.append(makeDecorator()) }
                // A withdrawing child adds items to the withdrawn item's list only, which the item
                // does not depend on.
                let list = lists.isEmpty ? nil : random.pick(lists)
                if let list, random.chance(withdraws ? 0.5 : 0.35) {
                    let item = makeItem(list, id: random.pick(Self.itemIDs))
                    if !spec.bindings.contains(where: { $0.key == item.key }) { spec.bindings.append(item) }
                }
                if withdraws, let list {
                    withdrawing.insert(index)
                    // Sometimes an item of the type's other list, which this list does not have.
                    let name = random.chance(0.1) ? (list.name == nil ? "x" : nil) : list.name
                    let item = ModelKey.item(list.type, id: random.pick(Self.itemIDs), named: name)
                    if !spec.bindings.contains(where: { $0.key == item }) { spec.withdrawals.append(item) }
                }
                if random.chance(0.7) { Self.legalize(&spec, chain: chain, root: graph) }
                chains[index] = chain + [spec]
                levels.append(index)
                script.append(.child(spec))
            default:
                let roll = random.below(20)
                var key = roll == 0 ? ModelKey(random.below(nodeTags.count)) : random.pick(keys)
                if roll == 1 || roll == 2 { key = .face(random.below(Self.faces), named: roll == 2 ? "x" : nil) }
                let keep = random.chance(0.5)
                script.append(.resolve(level: level, key: key, keep: keep))
                if keep { instances.append(index) }
            }
        }
        return script
    }

    // MARK: Nudging towards validity

    /// Removes the problems the model finds in the root, a few rounds at most.
    static func legalize(_ graph: inout ModelGraph) {
        for _ in 0..<6 {
            let selection = ModelSelection(
                bindings: graph.bindings, defaultVersion: graph.defaultVersion,
                overrides: graph.overrides)
            let decorators = graph.decorators
            let problems = selection.problems.union(
                ModelValidation.graphProblems(
                    keys: selection.order,
                    served: { key in
                        guard !key.isList else {
                            return ModelValidation.listBinding(key, candidates: selection.order) {
                                selection.selected[$0]
                            }
                        }
                        return ModelValidation.decorated(
                            selection.selected[key], by: decorators.filter { $0.key == key })
                    },
                    unsatisfied: selection.unsatisfied, unselectable: selection.unselectable))
            // DESIGN "Versions": a decorator of a type bound but not served is no problem, so it stays.
            graph.decorators.removeAll { selection.selected[$0.key] == nil && !selection.unsatisfied.contains($0.key) }
            guard !problems.isEmpty else { return }
            let takesArgument = { (key: ModelKey) in
                selection.selected[key].flatMap { $0.takesArgument ? $0.arity : nil }
            }
            for problem in problems.sorted() {
                repair(
                    problem, &graph.bindings, &graph.defaultVersion, &graph.overrides, selection: selection,
                    takesArgument: takesArgument)
                repair(decorators: problem, &graph.decorators, takesArgument: takesArgument)
            }
        }
    }

    /// Removes the problems the model finds in a child's view of the graph.
    static func legalize(_ spec: inout ChildSpec, chain: [ChildSpec], root graph: ModelGraph) {
        let selection = ModelSelection(
            bindings: graph.bindings, defaultVersion: graph.defaultVersion,
            overrides: graph.overrides)
        var before = selection.selected
        for level in chain {
            for binding in level.bindings.flatMap(\.declared) { before[binding.key] = binding }
            for item in level.withdrawals where !level.bindings.contains(where: { $0.key == item }) {
                before[item] = nil
            }
        }
        // Withdrawing an item the parent does not serve is an error; legal children do not.
        spec.withdrawals.removeAll { before[$0] == nil }
        for _ in 0..<6 {
            var served = before
            for binding in spec.bindings.flatMap(\.declared) { served[binding.key] = binding }
            for item in spec.withdrawals where !spec.bindings.contains(where: { $0.key == item }) { served[item] = nil }
            let decorators = graph.decorators + (chain + [spec]).flatMap(\.decorators)
            let problems = ModelValidation.graphProblems(
                keys: Array(served.keys),
                served: { key in
                    guard !key.isList else {
                        return ModelValidation.listBinding(key, candidates: served.keys) { served[$0] }
                    }
                    return ModelValidation.decorated(served[key], by: decorators.filter { $0.key == key })
                },
                unsatisfied: selection.unsatisfied, unselectable: selection.unselectable)
            spec.decorators.removeAll { served[$0.key] == nil }
            guard !problems.isEmpty else { return }
            var (defaultVersion, overrides) = (graph.defaultVersion, graph.overrides)
            let takesArgument = { (key: ModelKey) in served[key].flatMap { $0.takesArgument ? $0.arity : nil } }
            for problem in problems.sorted() {
                repair(
                    problem, &spec.bindings, &defaultVersion, &overrides, selection: selection,
                    takesArgument: takesArgument)
                repair(decorators: problem, &spec.decorators, takesArgument: takesArgument)
            }
        }
    }

    /// Repairs what a decorator's edges cause: it loses the edges named in the problem.
    private static func repair(
        decorators problem: String, _ decorators: inout [ModelBinding],
        takesArgument: (ModelKey) -> Int?
    ) {
        let parts = problem.split(separator: " ", maxSplits: 1).map(String.init)
        let (kind, subject) = (parts[0], parts.count > 1 ? parts[1] : "")
        for index in decorators.indices {
            switch kind {
            case "missingBinding":
                decorators[index].edges.removeAll { $0.target.description == subject }
            case "cycle" where subject.components(separatedBy: ", ").contains(decorators[index].key.description):
                decorators[index].edges.removeAll(where: \.kind.isBuiltFirst)
            case "captiveDependency" where decorators[index].key.description == subject:
                decorators[index].edges.removeAll(where: \.kind.holds)
            case "runTimeArguments":
                decorators[index].edges = decorators[index].edges.compactMap {
                    askedAsServed($0, subject, takesArgument)
                }
            default:
                break
            }
        }
    }

    /// An edge to `subject` in the form its binding serves: a factory of as many arguments when
    /// it takes some (`takesArgument` says how many), a provider when not. A face is asked for
    /// directly only (by an opaque factory), so that edge goes instead.
    private static func askedAsServed(
        _ edge: ModelEdge, _ subject: String,
        _ takesArgument: (ModelKey) -> Int?
    ) -> ModelEdge? {
        guard edge.target.description == subject else { return edge }
        guard let arity = takesArgument(edge.target) else {
            return edge.kind == .factory ? ModelEdge(target: edge.target, kind: .provider, callsInInit: false) : edge
        }
        if edge.kind == .factory, edge.arity == arity { return edge }
        guard edge.target.face == nil else { return nil }
        return ModelEdge(target: edge.target, kind: .factory, callsInInit: false, arity: arity)
    }

    private static func repair(
        _ problem: String, _ bindings: inout [ModelBinding], _ defaultVersion: inout String?,
        _ overrides: inout [ModelKey: String], selection: ModelSelection,
        takesArgument: (ModelKey) -> Int?
    ) {
        let parts = problem.split(separator: " ", maxSplits: 1).map(String.init)
        let (kind, subject) = (parts[0], parts.count > 1 ? parts[1] : "")
        func edit(_ body: (inout ModelBinding) -> Void, where matches: (ModelBinding) -> Bool) {
            for index in bindings.indices where matches(bindings[index]) { body(&bindings[index]) }
        }
        switch kind {
        case "missingBinding":
            edit({ $0.edges.removeAll { $0.target.description == subject } }, where: { _ in true })
        case "cycle":
            let members = Set(subject.components(separatedBy: ", "))
            edit(
                { binding in
                    binding.edges = binding.edges.compactMap { edge in
                        guard edge.kind.isBuiltFirst, members.contains(edge.target.description) else { return edge }
                        // A face or list is asked for directly only; that edge goes instead.
                        guard edge.target.face == nil, !edge.target.isList else { return nil }
                        return ModelEdge(target: edge.target, kind: .provider, callsInInit: false)
                    }
                }, where: { members.contains($0.key.description) })
        case "captiveDependency":
            edit({ $0.scope = .transient }, where: { $0.key.description == subject })
        case "runTimeArguments":
            edit(
                { $0.scope = .singleton },
                where: { $0.key.description == subject && $0.takesArgument && $0.scope == .eagerSingleton })
            edit({ $0.edges = $0.edges.compactMap { askedAsServed($0, subject, takesArgument) } }, where: { _ in true })
        case "duplicateBinding":
            edit({ $0.isOverriding = true }, where: { "#\($0.id)" == subject })
        case "overrideWithoutTarget":
            edit({ $0.isOverriding = false }, where: { "#\($0.id)" == subject })
        case "invalidVersion" where subject.hasPrefix("#"):
            edit({ $0.version = nil }, where: { "#\($0.id)" == subject })
        case "invalidVersion" where subject == "selection default":
            defaultVersion = "v2"
        case "invalidVersion":
            overrides = overrides.filter { "selection \($0.key)" != subject }
        case "asynchronousDependency" where subject.hasPrefix("["):
            // A list cannot await its items: they lose what made them asynchronous.
            edit(
                {
                    $0.edges.removeAll(where: \.kind.isBuiltFirst)
                    $0.isAsync = false
                },
                where: { $0.key.item != nil && $0.key.list.description == subject })
        case "isolationCaptive":
            // The holder moves to the main actor too, or loses what it holds.
            edit(
                { binding in
                    if binding.style == .typed && !binding.takesArgument && binding.key.item == nil {
                        binding.isMainActor = true
                        for index in binding.edges.indices { binding.edges[index].callsInInit = false }
                    } else {
                        binding.edges.removeAll { $0.kind != .factory }
                    }
                }, where: { $0.key.description == subject })
        case "asynchronousDependency":
            edit(
                { binding in
                    let canAwait = binding.canAwait
                    binding.edges.removeAll {
                        $0.kind == .provider || $0.kind == .lazy || ($0.kind.isBuiltFirst && !canAwait)
                    }
                }, where: { $0.key.description == subject })
        case "unsatisfiableVersion", "notServed":
            overrides = overrides.filter { $0.key.description != subject }
            bindings.removeAll { $0.isRetirement && $0.key.description == subject }
            edit(
                { $0.version = nil },
                where: { $0.key.description == subject && !selection.selected.keys.contains($0.key) })
        case "retiresUnbound":
            bindings.removeAll { $0.isRetirement && $0.key.description == subject }
        default:
            break
        }
    }
}
