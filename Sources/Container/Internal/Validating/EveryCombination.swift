/// The exact check of every combination of versions: each service that declares a version
/// takes any version the graph declares, independently of the others, and every such selection
/// validates — proved without enumerating them.
///
/// Under a selection, the binding that serves a key depends only on the version selected for
/// its service (its type and name; a contribution's element type, a collection's items): the
/// graph under the default `v` is that binding for every service at once. So the graph of every
/// version's edges is the bindings that ``layers`` choose, each a *node* that serves its key
/// for a set of versions of its service, with every edge to a key leading to each of its nodes.
/// A combination picks one version per service, so one node per key. Every rule is local to a
/// binding, an edge or a path of edges, and a path need never visit a key twice: each search
/// finds its problem in that graph, then checks that its nodes agree on each service's version.
/// When two do not, the search runs again for each version of that service alone, so every
/// problem of every combination is found and every problem found is one of some combination.
///
/// The search proposes; ``GraphValidator`` decides: each problem is confirmed by validating the
/// selection that shows it, and its overrides are removed one at a time while it still shows.
struct EveryCombination {
    let declared: Declarations
    /// Every well-formed version the graph declares, lowest first.
    let versions: [Version]
    /// The services that declare a version, in the order first declared (bindings, then
    /// decorators): those a selection's versions choose for.
    let versionedServices: [ServiceKey]
    /// The root level under each of ``versions`` as the default, at the same position.
    let layers: [Layer]
    /// Each distinct binding that serves a key under some version.
    private(set) var nodes: [Node] = []
    /// Each key that is bound or needed, with its nodes.
    private(set) var keys: [KeyChoices] = []
    private var keyPosition: [ServiceKey: Int] = [:]

    /// The position of `key` in ``keys``, if it is bound or needed.
    func keyIndex(of key: ServiceKey) -> Int? { keyPosition[key] }
    /// The services whose version a selection chooses (a key's type and name).
    private(set) var units: [ServiceKey] = []
    private var unitPosition: [ServiceKey: Int] = [:]
    /// The node's edges: `edgeKeys[edgeStart[n]..<edgeStart[n + 1]]` are the keys of node `n`'s
    /// dependencies, in order.
    private(set) var edgeStart: [Int] = [0]
    private(set) var edgeKeys: [Int] = []
    /// How much searching and validating the check did, for a test that its work stays linear.
    let tally = Tally()

    /// Counts of the check's costly steps.
    final class Tally {
        /// Searches run: each looks at part of the graph of every version's edges.
        var searches = 0
        /// Selections validated to confirm a problem.
        var validations = 0
    }

    struct Node {
        let binding: Binding
        let key: Int
        let unit: Int
        /// The versions of its unit under which it serves its key.
        var versions: VersionSet
    }

    struct KeyChoices {
        let key: ServiceKey
        var unit: Int
        var nodes: [Int] = []
        /// The versions of its unit under which nothing serves it.
        var unserved: VersionSet
    }

    init(_ declared: Declarations) {
        self.declared = declared
        var found: Set<Version> = []
        var services: [ServiceKey] = []
        var seen: Set<ServiceKey> = []
        for (key, version) in declared.bindings.map({ ($0.key, $0.version) })
            + declared.decorators.map({ ($0.key, $0.version) })
        {
            guard let version else { continue }
            found.insert(version)
            // In the order declared, not by name: a key's name demangles its type's, dearly.
            if seen.insert(key.service).inserted { services.append(key.service) }
        }
        versions = found.sorted()
        versionedServices = services
        layers = versions.map { Injector.root(declared, VersionSelection(default: $0.text)) }
        // A collection's items are chosen by its element type's version, whichever level has any.
        var collectionUnits: [ServiceKey: ServiceKey] = [:]
        for layer in layers {
            for (key, binding) in zip(layer.selection.order, layer.selection.bindings) where collectionUnits[key] == nil
            {
                if let unit = Self.unitKey(of: binding) { collectionUnits[key] = unit }
            }
        }
        for (position, layer) in layers.enumerated() {
            for (key, binding) in zip(layer.selection.order, layer.selection.bindings) {
                add(binding, for: key, unit: collectionUnits[key] ?? key.service, at: position)
            }
        }
        for node in nodes.indices {
            for dependency in nodes[node].binding.dependencies { edgeKeys.append(keyIndex(dependency.key)) }
            edgeStart.append(edgeKeys.count)
        }
        unpinned = Pins(Array(repeating: VersionSet(all: versions.count), count: units.count))
        // Keys only needed are served under no version.
        for index in keys.indices {
            for position in versions.indices where !keys[index].nodes.contains(where: { nodes[$0].versions[position] })
            {
                keys[index].unserved.insert(position)
            }
        }
    }

    /// Notes that `binding` serves `key`, whose version `unit` chooses, under `versions[position]`.
    private mutating func add(_ binding: Binding, for key: ServiceKey, unit: ServiceKey, at position: Int) {
        let index = keyIndex(key, unit: unit)
        if let same = keys[index].nodes.first(where: { Self.isSameChoice(nodes[$0].binding, binding) }) {
            nodes[same].versions.insert(position)
            return
        }
        keys[index].nodes.append(nodes.count)
        // A collection type bound as well as contributed to (a problem of its own) has nodes of
        // both kinds: its binding's version is its own service's, its items' their element's.
        let own = Self.unitKey(of: binding) == nil && unit != key.service ? unitIndex(key.service) : keys[index].unit
        nodes.append(Node(binding: binding, key: index, unit: own, versions: VersionSet(position)))
    }

    /// The position of `key` in ``keys``, added with no node if new.
    private mutating func keyIndex(_ key: ServiceKey, unit: ServiceKey? = nil) -> Int {
        if let known = keyPosition[key] { return known }
        let unit = unitIndex(unit ?? key.service)
        keyPosition[key] = keys.count
        keys.append(KeyChoices(key: key, unit: unit, unserved: VersionSet()))
        return keys.count - 1
    }

    /// The position of `service` in ``units``, added if new.
    private mutating func unitIndex(_ service: ServiceKey) -> Int {
        if let known = unitPosition[service] { return known }
        unitPosition[service] = units.count
        units.append(service)
        return units.count - 1
    }

    /// The service whose version chooses a collection's items: its element type's, which its
    /// items' keys name. `nil` for any other binding, whose own key's service chooses it.
    private static func unitKey(of binding: Binding) -> ServiceKey? {
        guard case .collection = binding.recipe else { return nil }
        return binding.dependencies.first { $0.key.item != nil }?.key.service
    }

    /// Whether two levels chose the same binding for a key: the same declaration, wrapped by the
    /// same decorators; a collection made of the same items.
    private static func isSameChoice(_ a: Binding, _ b: Binding) -> Bool {
        if a === b { return true }
        return a.site == b.site && a.versionText == b.versionText && a.scope == b.scope
            && a.decorators.count == b.decorators.count && zip(a.decorators, b.decorators).allSatisfy { $0 === $1 }
            && a.dependencies.map(\.key) == b.dependencies.map(\.key)
    }

    func edges(of node: Int) -> Range<Int> { edgeStart[node]..<edgeStart[node + 1] }

    /// The dependency that edge `edge` of `node` stands for.
    func dependency(_ node: Int, _ edge: Int) -> Dependency {
        nodes[node].binding.dependencies[edge - edgeStart[node]]
    }

    /// Every version for every unit: no version is ruled out yet.
    private(set) var unpinned = Pins([])

    /// Whether `node` serves its key under some version that `pins` leave its unit.
    func isAllowed(_ node: Int, _ pins: Pins) -> Bool {
        nodes[node].versions.intersects(pins[nodes[node].unit])
    }

    /// What `witness` requires of each unit, with `pins`; `nil` when some unit could take no
    /// version, with that unit.
    func demands(of witness: Witness, _ pins: Pins) -> (demands: [Int: VersionSet], conflict: Int?) {
        var demands: [Int: VersionSet] = [:]
        for requirement in witness.requirements {
            let current = demands[requirement.unit] ?? pins[requirement.unit]
            let narrowed = current.intersection(requirement.versions)
            demands[requirement.unit] = narrowed
            if narrowed.isEmpty { return (demands, requirement.unit) }
        }
        return (demands, nil)
    }

    /// The first witness that `search` finds under some pinning, with the unit versions it
    /// requires: the search may combine nodes that disagree on a unit's version, and is then run
    /// again for each version of that unit alone, so what it returns is a real combination's.
    func solve(_ search: (Pins) -> Witness?) -> (witness: Witness, demands: [Int: VersionSet])? {
        var pending = [unpinned]
        while let pins = pending.popLast() {
            tally.searches += 1
            guard let witness = search(pins) else { continue }
            let (demands, conflict) = demands(of: witness, pins)
            guard let unit = conflict else { return (witness, demands) }
            // Lowest version first.
            for version in pins[unit].elements.reversed() {
                var narrowed = pins
                narrowed[unit] = VersionSet(version)
                pending.append(narrowed)
            }
        }
        return nil
    }

    /// The selection with the fewest overrides that meets `demands`: under the lowest default
    /// that needs fewest, each override the demanded version nearest below the default, else the
    /// lowest above it.
    func selection(meeting demands: [Int: VersionSet]) -> VersionSelection {
        var best: VersionSelection?
        for base in versions.indices {
            let candidate = selection(meeting: demands, default: base)
            if best == nil || candidate.overrides.count < best!.overrides.count { best = candidate }
        }
        return best ?? .latest
    }

    private func selection(meeting demands: [Int: VersionSet], default base: Int) -> VersionSelection {
        var overrides: [ServiceKey: String] = [:]
        for (unit, wanted) in demands where !wanted[base] {
            let elements = wanted.elements
            let chosen = elements.last { $0 < base } ?? elements.first ?? base
            overrides[units[unit]] = versions[chosen].text
        }
        // An override of a type's unnamed service is one of its named ones too, unless they have
        // their own: they keep the default.
        for pinned in overrides.keys where pinned.name == nil {
            for named in versionedServices where named.id == pinned.id && named.name != nil && overrides[named] == nil {
                overrides[named] = versions[base].text
            }
        }
        return VersionSelection(default: versions[base].text, overrides: overrides)
    }
}

/// What a problem of some combination needs: nodes that serve their keys, and keys that nothing
/// serves, each a set of versions its unit must take.
struct Witness {
    var requirements: [Requirement] = []
    /// The nodes it needs, in the order the search met them.
    var nodes: [Int] = []

    struct Requirement {
        let unit: Int
        let versions: VersionSet
    }
}

/// The versions each unit may still take, by unit.
struct Pins {
    private var sets: [VersionSet]

    init(_ sets: [VersionSet]) { self.sets = sets }

    subscript(unit: Int) -> VersionSet {
        get { sets[unit] }
        set { sets[unit] = newValue }
    }
}

/// A set of positions in a graph's declared versions.
struct VersionSet: Hashable {
    private var words: [UInt64] = []

    init() {}

    init(_ position: Int) { insert(position) }

    /// Every position below `count`.
    init(all count: Int) {
        for position in 0..<count { insert(position) }
    }

    mutating func insert(_ position: Int) {
        let word = position / 64
        while words.count <= word { words.append(0) }
        words[word] |= 1 << UInt64(position % 64)
    }

    subscript(position: Int) -> Bool {
        let word = position / 64
        return word < words.count && words[word] & (1 << UInt64(position % 64)) != 0
    }

    var isEmpty: Bool { words.allSatisfy { $0 == 0 } }

    func intersects(_ other: VersionSet) -> Bool {
        zip(words, other.words).contains { $0 & $1 != 0 }
    }

    func intersection(_ other: VersionSet) -> VersionSet {
        var result = VersionSet()
        result.words = zip(words, other.words).map { $0 & $1 }
        return result
    }

    /// The positions in the set, lowest first.
    var elements: [Int] {
        var found: [Int] = []
        for (index, word) in words.enumerated() where word != 0 {
            for bit in 0..<64 where word & (1 << UInt64(bit)) != 0 { found.append(index * 64 + bit) }
        }
        return found
    }
}

/// How the check turns what its searches find into failures: each confirmed by validating the
/// selection that shows it, with every override it does not need removed.
extension EveryCombination {
    /// The services that declare a version, and the versions they take.
    var coverage: SelectionCoverage {
        SelectionCoverage(versions: versions.map(\.text), services: versionedServices)
    }

    /// Each selection that shows a problem, with the problems it shows: the problems of the
    /// declarations themselves (duplicates, malformed versions) under the first default that
    /// shows each, then one per binding, edge or loop that some combination makes a problem.
    func failures() -> [SelectionValidationError.Failure] {
        guard !versions.isEmpty else {
            let problems = Injector.problems(of: Injector.root(declared, .latest))
            return problems.isEmpty ? [] : [.init(selection: .latest, problems: problems)]
        }
        var cache: [String: [GraphProblem]] = [:]
        var order: [VersionSelection] = []
        var problems: [String: [GraphProblem]] = [:]
        func add(_ problem: GraphProblem, under selection: VersionSelection) {
            let name = selection.description
            if problems[name] == nil { order.append(selection) }
            if problems[name, default: []].contains(where: { $0.description == problem.description }) { return }
            problems[name, default: []].append(problem)
        }
        var declarationProblems: Set<String> = []
        for (position, layer) in layers.enumerated() {
            for problem in layer.allSelectionProblems where declarationProblems.insert(problem.description).inserted {
                add(problem, under: VersionSelection(default: versions[position].text))
            }
        }
        for finding in findings() {
            guard let (selection, problem) = confirm(finding, &cache) else { continue }
            add(problem, under: selection)
        }
        return order.map { .init(selection: $0, problems: problems[$0.description]!) }
    }

    /// The selection that shows `finding` with no override it does not need, and the problem
    /// the validator reports for it there; `nil` if the validator reports none.
    private func confirm(_ finding: Finding, _ cache: inout [String: [GraphProblem]]) -> (
        VersionSelection, GraphProblem
    )? {
        var selection = selection(meeting: finding.demands)
        guard var problem = problems(under: selection, &cache).first(where: finding.matches) else { return nil }
        var removed = true
        while removed {
            removed = false
            for key in selection.overrides.keys.sorted(by: { $0.description < $1.description }) {
                var overrides = selection.overrides
                overrides[key] = nil
                let fewer = VersionSelection(default: selection.defaultVersion ?? "", overrides: overrides)
                if let still = problems(under: fewer, &cache).first(where: finding.matches) {
                    (selection, problem, removed) = (fewer, still, true)
                    break
                }
            }
        }
        return (selection, problem)
    }

    /// Every problem of the graph under `selection`, validated once per selection.
    private func problems(under selection: VersionSelection, _ cache: inout [String: [GraphProblem]])
        -> [GraphProblem]
    {
        if let known = cache[selection.description] { return known }
        tally.validations += 1
        let plain = selection.overrides.isEmpty ? versions.firstIndex { $0.text == selection.defaultVersion } : nil
        let found = Injector.problems(of: plain.map { layers[$0] } ?? Injector.root(declared, selection))
        cache[selection.description] = found
        return found
    }
}
