/// Whole-graph validation: missing bindings, cycles, captive dependencies and unsatisfiable
/// versions, all reported at once. Every pass visits each binding and edge a bounded number
/// of times, so the work grows linearly with bindings + edges; ``work`` counts those visits
/// so a test can check the growth without timing anything.
struct GraphValidator {
    private let bindings: [Binding]
    private let index: [ServiceKey: Int]
    /// Per binding, its dependencies' indices (`nil` for an unbound key).
    private let edges: [[(target: Int?, dependency: Dependency)]]
    private let unsatisfied: [ServiceKey: (selected: String, bound: [String])]
    private(set) var problems: [GraphProblem] = []
    private(set) var work = 0
    /// For each binding, the binding through which the first search from the roots reached it.
    private var parent: [Int?]

    init(bindings: [Binding], unsatisfied: [ServiceKey: (selected: String, bound: [String])]) {
        self.bindings = bindings
        self.unsatisfied = unsatisfied
        var index: [ServiceKey: Int] = [:]
        index.reserveCapacity(bindings.count)
        for (position, binding) in bindings.enumerated() { index[binding.key] = position }
        self.index = index
        edges = bindings.map { binding in binding.dependencies.map { (index[$0.key], $0) } }
        parent = Array(repeating: nil, count: bindings.count)
        work = bindings.count + edges.reduce(0) { $0 + $1.count }
    }

    /// Runs every check and returns the problems found.
    static func validate(bindings: [Binding], unsatisfied: [ServiceKey: (selected: String, bound: [String])]) -> (problems: [GraphProblem], work: Int) {
        var validator = GraphValidator(bindings: bindings, unsatisfied: unsatisfied)
        validator.findPaths()
        validator.checkMissing()
        validator.checkCycles()
        validator.checkCaptives()
        return (validator.problems, validator.work)
    }

    // MARK: Paths

    /// A breadth-first search from the bindings nothing depends on, so every problem can name a
    /// path that leads to it.
    private mutating func findPaths() {
        var needed = Array(repeating: false, count: bindings.count)
        for outgoing in edges { for edge in outgoing { if let target = edge.target { needed[target] = true } } }
        var queue = bindings.indices.filter { !needed[$0] }
        var seen = Array(repeating: false, count: bindings.count)
        for root in queue { seen[root] = true }
        var head = 0
        while head < queue.count {
            let node = queue[head]
            head += 1
            for edge in edges[node] {
                work += 1
                guard let target = edge.target, !seen[target] else { continue }
                seen[target] = true
                parent[target] = node
                queue.append(target)
            }
        }
        work += bindings.count
    }

    /// The bindings from a root down to `node`, inclusive.
    private func path(to node: Int) -> [PathStep] {
        var steps: [PathStep] = []
        var current: Int? = node
        while let at = current {
            steps.append(PathStep(bindings[at]))
            current = parent[at]
        }
        return steps.reversed()
    }

    // MARK: Missing bindings and versions

    private mutating func checkMissing() {
        var firstNeed: [ServiceKey: Int] = [:]
        var otherNeeds: [ServiceKey: [Int]] = [:]
        var order: [ServiceKey] = []
        for (node, outgoing) in edges.enumerated() {
            for edge in outgoing where edge.target == nil {
                let key = edge.dependency.key
                if firstNeed[key] == nil {
                    firstNeed[key] = node
                    order.append(key)
                } else {
                    otherNeeds[key, default: []].append(node)
                }
            }
        }
        for key in order {
            let needer = firstNeed[key]!
            let path = path(to: needer) + [PathStep(key: key)]
            let also = otherNeeds[key].map { nodes in
                ["also needed by " + nodes.map { bindings[$0].key.description }.joined(separator: ", ")]
            } ?? []
            if let (selected, bound) = unsatisfied[key] {
                guard Version(selected) != nil else { continue }
                problems.append(noVersionProblem(key, selected: selected, bound: bound, path: path, notes: also))
            } else {
                problems.append(GraphProblem(
                    .missingBinding, "no binding for \(key)", path: path, notes: also,
                    fix: "bind \(key) in one of the modules given to Injector(modules:)"))
            }
        }
        for (key, (selected, bound)) in unsatisfied.sorted(by: { $0.key.description < $1.key.description })
        where firstNeed[key] == nil && Version(selected) != nil {
            problems.append(noVersionProblem(key, selected: selected, bound: bound, path: [], notes: []))
        }
    }

    private func noVersionProblem(_ key: ServiceKey, selected: String, bound: [String], path: [PathStep], notes: [String]) -> GraphProblem {
        GraphProblem(
            .unsatisfiableVersion, "no binding of \(key) serves version \(selected)", path: path,
            notes: ["bound versions: \(bound.joined(separator: ", "))"] + notes,
            fix: "select \(bound.first ?? "a bound version") or later for \(key), or bind \(key) without a version")
    }

    // MARK: Cycles

    /// Strongly connected components by Tarjan's algorithm, iteratively so a long chain cannot
    /// overflow the stack. Components come out dependencies first.
    private mutating func components(following follows: (DependencyKind) -> Bool) -> [[Int]] {
        let count = bindings.count
        var number = Array(repeating: -1, count: count)
        var low = Array(repeating: 0, count: count)
        var onStack = Array(repeating: false, count: count)
        var stack: [Int] = []
        var result: [[Int]] = []
        var next = 0
        for start in 0..<count where number[start] < 0 {
            var frames: [(node: Int, edge: Int)] = [(start, 0)]
            number[start] = next; low[start] = next; next += 1
            stack.append(start); onStack[start] = true
            while let (node, edge) = frames.last {
                work += 1
                if edge < edges[node].count {
                    frames[frames.count - 1].edge += 1
                    let candidate = edges[node][edge]
                    guard follows(candidate.dependency.kind), let target = candidate.target else { continue }
                    if number[target] < 0 {
                        number[target] = next; low[target] = next; next += 1
                        stack.append(target); onStack[target] = true
                        frames.append((target, 0))
                    } else if onStack[target] {
                        low[node] = min(low[node], number[target])
                    }
                    continue
                }
                frames.removeLast()
                if let caller = frames.last { low[caller.node] = min(low[caller.node], low[node]) }
                if low[node] == number[node] {
                    var component: [Int] = []
                    while let member = stack.popLast() {
                        onStack[member] = false
                        component.append(member)
                        if member == node { break }
                    }
                    result.append(component)
                }
            }
        }
        return result
    }

    private mutating func checkCycles() {
        for component in components(following: { $0 == .direct }) {
            let members = Set(component)
            let start = component.min()!
            guard component.count > 1 || edges[start].contains(where: { $0.target == start && $0.dependency.kind == .direct }) else {
                continue
            }
            let loop = cycle(from: start, within: members)
            let names = (loop + [start]).map { bindings[$0].key.description }
            problems.append(GraphProblem(
                .cycle, "dependency cycle: \(names.joined(separator: " -> "))",
                path: (loop + [start]).map { PathStep(bindings[$0]) }, pathLabel: "loop",
                fix: "break the loop by injecting Provider<T> or Lazy<T> instead of T in one of these factories"))
        }
    }

    /// A shortest loop from `start` back to itself inside one component.
    private mutating func cycle(from start: Int, within members: Set<Int>) -> [Int] {
        var previous: [Int: Int] = [:]
        var queue = [start]
        var head = 0
        while head < queue.count {
            let node = queue[head]
            head += 1
            for edge in edges[node] where edge.dependency.kind == .direct {
                work += 1
                guard let target = edge.target, members.contains(target) else { continue }
                if target == start {
                    var loop = [node]
                    while let before = previous[loop[0]] { loop.insert(before, at: 0) }
                    return loop
                }
                if previous[target] == nil, target != start {
                    previous[target] = node
                    queue.append(target)
                }
            }
        }
        return [start]
    }

    // MARK: Captive dependencies

    /// A binding that keeps its instances must not hold, directly or through transient
    /// bindings, an instance of a scope that ends sooner.
    private mutating func checkCaptives() {
        // For a transient binding: the shortest-lived scoped binding it holds, and the next
        // binding on the way there.
        var shortest: [(scope: Scope, via: Int)?] = Array(repeating: nil, count: bindings.count)
        for component in components(following: \.holdsInstance) {
            for node in component where bindings[node].scope.lifetimeRank == nil {
                for edge in edges[node] where edge.dependency.kind.holdsInstance {
                    work += 1
                    guard let target = edge.target, let held = heldScope(of: target, shortest) else { continue }
                    if let current = shortest[node], !Self.outlives(current.scope, held) { continue }
                    shortest[node] = (held, target)
                }
            }
        }
        for (node, binding) in bindings.enumerated() where binding.scope.lifetimeRank != nil {
            for edge in edges[node] where edge.dependency.kind.holdsInstance {
                work += 1
                guard let target = edge.target, let held = heldScope(of: target, shortest),
                      Self.outlives(binding.scope, held) else { continue }
                var chain = [node, target]
                while bindings[chain.last!].scope.lifetimeRank == nil, let next = shortest[chain.last!]?.via {
                    chain.append(next)
                }
                let holder = bindings[node]
                let captive = bindings[chain.last!]
                problems.append(GraphProblem(
                    .captiveDependency,
                    "captive dependency: \(holder.scope) \(holder.key) holds \(captive.scope)-scoped \(captive.key), which would outlive its scope",
                    path: chain.map { PathStep(bindings[$0]) }, pathLabel: "held by",
                    fix: "give \(holder.key) a scope no longer than \(captive.scope), or inject Provider<\(captive.key.typeName)> and call it when needed"))
            }
        }
    }

    private func heldScope(of node: Int, _ shortest: [(scope: Scope, via: Int)?]) -> Scope? {
        let scope = bindings[node].scope
        return scope.lifetimeRank == nil ? shortest[node]?.scope : scope
    }

    /// Whether an instance of `holder` scope keeps one of `held` scope past its end.
    static func outlives(_ holder: Scope, _ held: Scope) -> Bool {
        guard let holderRank = holder.lifetimeRank, let heldRank = held.lifetimeRank else { return false }
        if heldRank < holderRank { return true }
        if case .resettable(let a) = holder.kind, case .resettable(let b) = held.kind { return a != b }
        return false
    }
}
