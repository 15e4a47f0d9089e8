/// The order in which a shutdown closes kept instances: each after every kept instance that
/// depends on it, directly or through bindings that keep nothing to close (a transient, a
/// kept binding without a closer); those that do not depend on each other in any order, so
/// concurrently.
///
/// Made from the keys of what closes and the graph's edges, so an injector level and anything
/// else that keeps instances of a graph (a request scope) order their closing alike.
///
/// Edges through a ``Provider``, a ``Factory`` or an ``AsyncProvider`` may close a loop, which
/// validation allows: a loop cannot be closed dependants first. Where a dependency that the
/// dependant does not hold (it builds one on demand) closes a loop, that edge gives way, so an
/// instance that holds another closes first; a loop of such edges alone closes together.
struct ClosingPlan {
    /// For each closable, the closables that depend on it: they close before it begins.
    let dependants: [[Int]]
    /// For each closable, the closables it depends on: each may begin once every closable that
    /// depends on it has ended.
    let dependencies: [[Int]]

    /// The plan for closables of `keys` (in the order given), whose dependencies `binding`
    /// gives for any key of the graph.
    init(_ keys: [ServiceKey], dependencies binding: (ServiceKey) -> [Dependency]?) {
        var positions: [ServiceKey: [Int]] = [:]
        for (index, key) in keys.enumerated() { positions[key, default: []].append(index) }
        // Each closable's edges to the closables it reaches: held when every step of some way
        // there holds an instance.
        let reached = keys.indices.map { Self.reached(from: keys[$0], except: $0, positions, binding) }
        var edges = reached
        // A dependency not held gives way where it closes a loop.
        for from in keys.indices {
            edges[from] = edges[from].filter { to, held in held || !Self.reaches(to, from, through: reached) }
        }
        var dependencies = edges.map { $0.map(\.to).sorted() }
        Self.openLoops(in: &dependencies)
        var dependants = Array(repeating: [Int](), count: keys.count)
        for (from, targets) in dependencies.enumerated() {
            for to in targets { dependants[to].append(from) }
        }
        self.dependencies = dependencies
        self.dependants = dependants
    }

    /// The closables that `key` reaches through the graph's edges, stopping at each (its own
    /// dependencies are its own edges), with whether some way there holds an instance at every
    /// step. `own` is the closable of `key` itself, which a loop back to it does not count.
    private static func reached(
        from key: ServiceKey, except own: Int, _ positions: [ServiceKey: [Int]],
        _ binding: (ServiceKey) -> [Dependency]?
    ) -> [(to: Int, held: Bool)] {
        var found: [Int: Bool] = [:]
        // A key is met again only when met held for the first time.
        var seen: [ServiceKey: Bool] = [key: true]
        var pending = [(key: key, held: true)]
        while let (current, held) = pending.popLast() {
            for dependency in binding(current) ?? [] {
                let next = dependency.key
                let nextHeld = held && dependency.holdsInstance
                if let targets = positions[next] {
                    for target in targets where target != own { found[target] = (found[target] ?? false) || nextHeld }
                    continue
                }
                if let before = seen[next], before || !nextHeld { continue }
                seen[next] = nextHeld
                pending.append((next, nextHeld))
            }
        }
        return found.map { (to: $0.key, held: $0.value) }
    }

    /// Whether closable `from` reaches `to` through the edges found.
    private static func reaches(_ from: Int, _ to: Int, through reached: [[(to: Int, held: Bool)]]) -> Bool {
        var seen: Set<Int> = [from]
        var pending = [from]
        while let current = pending.popLast() {
            for (next, _) in reached[current] {
                if next == to { return true }
                if seen.insert(next).inserted { pending.append(next) }
            }
        }
        return false
    }

    /// Lets the closables of a loop that remains close together: only a graph built without
    /// validation can keep one (a loop of held edges cannot be built), and waiting would never end.
    private static func openLoops(in dependencies: inout [[Int]]) {
        var waitingFor = Array(repeating: 0, count: dependencies.count)
        for targets in dependencies { for to in targets { waitingFor[to] += 1 } }
        var ready = waitingFor.indices.filter { waitingFor[$0] == 0 }
        var done = Set<Int>()
        while let next = ready.popLast() {
            done.insert(next)
            for to in dependencies[next] {
                waitingFor[to] -= 1
                if waitingFor[to] == 0 { ready.append(to) }
            }
        }
        guard done.count < dependencies.count else { return }
        let looped = Set(dependencies.indices).subtracting(done)
        for from in looped { dependencies[from].removeAll(where: looped.contains) }
    }
}
