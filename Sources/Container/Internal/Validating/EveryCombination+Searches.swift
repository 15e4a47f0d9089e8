/// The searches of the graph of every version's edges, one per rule of ``GraphValidator``, in
/// the order it checks them. Each finds, for one binding, edge or loop, the nodes of a
/// combination that shows the rule's problem; ``EveryCombination/solve(_:)`` makes their
/// versions agree.
extension EveryCombination {
    /// A problem that some combination shows: what it needs, and how to tell the validator's
    /// report of it.
    struct Finding {
        let witness: Witness
        let demands: [Int: VersionSet]
        let matches: (GraphProblem) -> Bool
    }

    /// Every problem of every combination, one finding per binding, edge or loop that has one.
    func findings() -> [Finding] {
        collectionFindings() + mainActorDecoratorFindings() + closerFindings() + missingFindings()
            + cycleFindings() + captiveFindings() + argumentFindings() + synchronousBuildFindings()
    }

    func requirement(_ node: Int) -> Witness.Requirement {
        Witness.Requirement(unit: nodes[node].unit, versions: nodes[node].versions)
    }

    /// A witness of `nodes` alone.
    func witness(_ nodes: [Int]) -> Witness {
        Witness(requirements: nodes.map(requirement), nodes: nodes)
    }

    private func finding(_ matches: @escaping (GraphProblem) -> Bool, _ search: (Pins) -> Witness?) -> Finding? {
        solve(search).map { Finding(witness: $0.witness, demands: $0.demands, matches: matches) }
    }

    // MARK: Collections

    /// A collection type bound and also made from contributions (``Selection/collect``): under
    /// a combination that chooses its binding and one of its contributions. Under one version
    /// for both, the graph of that version reports it already.
    func collectionFindings() -> [Finding] {
        var contributions: [ServiceKey: [Int]] = [:]
        for node in nodes.indices {
            if let collection = nodes[node].binding.membership?.collection {
                contributions[collection, default: []].append(node)
            }
        }
        guard !contributions.isEmpty else { return [] }
        return keys.indices.compactMap { key in
            guard let items = contributions[keys[key].key] else { return nil }
            let bound = keys[key].nodes.filter {
                guard case .collection = nodes[$0].binding.recipe else { return true }
                return false
            }
            guard !bound.isEmpty else { return nil }
            let collection = keys[key].key
            let matches = { (problem: GraphProblem) in
                problem.kind == .duplicateBinding && problem.subject == collection
            }
            return finding(matches) { pins in
                guard let plain = bound.first(where: { isAllowed($0, pins) }),
                    let item = items.first(where: { isAllowed($0, pins) })
                else { return nil }
                return witness([plain, item])
            }
        }
    }

    // MARK: Closers

    /// A closer on a binding that keeps no instance (``GraphValidator/checkClosers()``): one
    /// finding per key, under a version that chooses such a binding.
    func closerFindings() -> [Finding] {
        var seen: Set<ServiceKey> = []
        return nodes.indices.compactMap { node in
            let binding = nodes[node].binding
            guard binding.closer != nil, binding.scope.lifetimeRank == nil, !binding.recipe.isInstance,
                seen.insert(binding.key).inserted
            else { return nil }
            let key = binding.key
            let matches = { (problem: GraphProblem) in problem.kind == .closesTransient && problem.subject == key }
            return finding(matches) { pins in isAllowed(node, pins) ? witness([node]) : nil }
        }
    }

    // MARK: Main-actor decorators

    /// A decorator isolated to the main actor, on a binding not built by a synchronous factory
    /// there (``GraphValidator/checkMainActorDecorators(isMainActor:)``).
    func mainActorDecoratorFindings() -> [Finding] {
        nodes.indices.filter { nodes[$0].binding.decorators.contains(where: \.isMainActor) }.compactMap { node in
            let key = nodes[node].binding.key
            let matches = { (problem: GraphProblem) in
                problem.kind == .isolationCaptive && problem.subject == key && problem.related.isEmpty
            }
            return finding(matches) { pins in
                guard isAllowed(node, pins) else { return nil }
                var found = witness([node])
                if nodes[node].binding.recipe.isAsync { return found }
                guard let notMain = isolation(of: node, onMainActor: false, pins) else { return nil }
                found.requirements += notMain.requirements
                return found
            }
        }
    }

    /// What makes `node` run on the main actor (or not, for `onMainActor: false`) under `pins`:
    /// nothing more for a binding bound so; for one forwarded with `.implements`, a source that is.
    func isolation(of node: Int, onMainActor: Bool, _ pins: Pins) -> Witness? {
        let binding = nodes[node].binding
        guard let source = binding.forwardsTo else {
            return binding.isMainActorIsolated == onMainActor ? Witness() : nil
        }
        guard let key = keyIndex(of: source) else { return onMainActor ? nil : Witness() }
        if let served = keys[key].nodes.first(where: {
            isAllowed($0, pins) && nodes[$0].binding.isMainActorIsolated == onMainActor
        }) {
            return witness([served])
        }
        guard !onMainActor, keys[key].unserved.intersects(pins[keys[key].unit]) else { return nil }
        return Witness(requirements: [unserved(key)])
    }

    func unserved(_ key: Int) -> Witness.Requirement {
        Witness.Requirement(unit: keys[key].unit, versions: keys[key].unserved)
    }

    // MARK: Missing

    /// A required dependency on a key that some version of its service does not serve: one
    /// finding per dependant's key and key needed (the validator names the other dependants
    /// of a key under one selection in a note).
    func missingFindings() -> [Finding] {
        var needers: [[Int]: [Int]] = [:]
        var order: [[Int]] = []
        for node in nodes.indices {
            for edge in edges(of: node)
            where !dependency(node, edge).isOptional && !keys[edgeKeys[edge]].unserved.isEmpty {
                let pair = [nodes[node].key, edgeKeys[edge]]
                if needers[pair] == nil { order.append(pair) }
                needers[pair, default: []].append(node)
            }
        }
        return order.compactMap { pair in
            let key = pair[1]
            let missing = keys[key].key
            let matches = { (problem: GraphProblem) in
                (problem.kind == .missingBinding || problem.kind == .notServed) && problem.related.first == missing
            }
            return finding(matches) { pins in
                guard keys[key].unserved.intersects(pins[keys[key].unit]),
                    let node = needers[pair]!.first(where: { isAllowed($0, pins) })
                else { return nil }
                return Witness(requirements: [requirement(node), unserved(key)], nodes: [node])
            }
        }
    }

    // MARK: Cycles

    /// A loop of edges built first (``GraphValidator/checkCycles()``): in each strongly
    /// connected part of the graph of every version's edges, a shortest loop through each node
    /// that no loop found so far passes.
    ///
    /// The search runs over nodes and, between them, one vertex per key, through which every edge
    /// to the key reaches each of its nodes: a loop that passes a key once takes one of its nodes.
    func cycleFindings() -> [Finding] {
        var found: [Finding] = []
        for part in components(unpinned) {
            let members = Set(part)
            var covered: Set<Int> = []
            for start in part where !covered.contains(start) {
                let solved = solve { pins in
                    guard isAllowed(start, pins), let loop = shortestLoop(through: start, within: members, pins) else {
                        return nil
                    }
                    return witness(loop)
                }
                guard let solved else { continue }
                covered.formUnion(solved.witness.nodes)
                let keysOnLoop = Set(solved.witness.nodes.map { nodes[$0].binding.key })
                found.append(
                    Finding(witness: solved.witness, demands: solved.demands) { problem in
                        problem.kind == .cycle
                            && (problem.subject.map { keysOnLoop.contains($0) } == true
                                || problem.related.contains(where: keysOnLoop.contains))
                    })
            }
        }
        return found
    }

    /// The nodes of each strongly connected part with more than one vertex, over the nodes that
    /// `pins` allow: Tarjan's algorithm, iteratively.
    func components(_ pins: Pins) -> [[Int]] {
        let count = nodes.count + keys.count
        func isIncluded(_ node: Int) -> Bool { isAllowed(node, pins) }
        func successors(_ vertex: Int) -> [Int] {
            guard vertex >= nodes.count else {
                return edges(of: vertex).filter { dependency(vertex, $0).kind.isBuiltFirst }.map {
                    nodes.count + edgeKeys[$0]
                }
            }
            return keys[vertex - nodes.count].nodes.filter(isIncluded)
        }
        var number = Array(repeating: -1, count: count)
        var low = Array(repeating: 0, count: count)
        var onStack = Array(repeating: false, count: count)
        var stack: [Int] = []
        var parts: [[Int]] = []
        var next = 0
        for start in nodes.indices where number[start] < 0 && isIncluded(start) {
            var frames = [(vertex: start, successors: successors(start), position: 0)]
            number[start] = next
            low[start] = next
            next += 1
            stack.append(start)
            onStack[start] = true
            while let frame = frames.last {
                if frame.position < frame.successors.count {
                    frames[frames.count - 1].position += 1
                    let target = frame.successors[frame.position]
                    if number[target] < 0 {
                        number[target] = next
                        low[target] = next
                        next += 1
                        stack.append(target)
                        onStack[target] = true
                        frames.append((target, successors(target), 0))
                    } else if onStack[target] {
                        low[frame.vertex] = min(low[frame.vertex], number[target])
                    }
                    continue
                }
                frames.removeLast()
                if let caller = frames.last { low[caller.vertex] = min(low[caller.vertex], low[frame.vertex]) }
                guard low[frame.vertex] == number[frame.vertex] else { continue }
                var part: [Int] = []
                var size = 0
                while let member = stack.popLast() {
                    onStack[member] = false
                    size += 1
                    if member < nodes.count { part.append(member) }
                    if member == frame.vertex { break }
                }
                if size > 1 { parts.append(part.sorted()) }
            }
        }
        return parts
    }

    /// A shortest loop of nodes from `start` back to it, over edges built first, through nodes of
    /// `members` that `pins` allow.
    func shortestLoop(through start: Int, within members: Set<Int>, _ pins: Pins) -> [Int]? {
        var previous: [Int: Int] = [:]
        var queue = [start]
        var head = 0
        while head < queue.count {
            let node = queue[head]
            head += 1
            for edge in edges(of: node) where dependency(node, edge).kind.isBuiltFirst {
                for target in keys[edgeKeys[edge]].nodes where members.contains(target) && isAllowed(target, pins) {
                    if target == start {
                        var loop = [node]
                        while let before = previous[loop[loop.count - 1]] { loop.append(before) }
                        return loop.reversed()
                    }
                    if previous[target] == nil {
                        previous[target] = node
                        queue.append(target)
                    }
                }
            }
        }
        return nil
    }

    // MARK: Captives

    /// A binding that keeps its instances and holds, directly or through transient bindings, an
    /// instance of a scope that ends sooner: one finding per holder's key and key held
    /// (``GraphValidator/checkCaptives()``). Which keys can lead to each such scope is found
    /// first, for every version at once, so only an edge that may hold one is searched.
    func captiveFindings() -> [Finding] {
        var scopes: [Scope] = []
        for node in nodes where node.binding.scope.canBeOutlived && !scopes.contains(node.binding.scope) {
            scopes.append(node.binding.scope)
        }
        guard !scopes.isEmpty else { return [] }
        let reach = scopes.map(keysHolding)
        var seen: Set<[ServiceKey]> = []
        var found: [Finding] = []
        for head in nodes.indices where nodes[head].binding.scope.lifetimeRank != nil {
            let scope = nodes[head].binding.scope
            for edge in edges(of: head) where dependency(head, edge).holdsInstance {
                let key = edgeKeys[edge]
                let pair = [nodes[head].binding.key, keys[key].key]
                guard scopes.indices.contains(where: { reach[$0][key] && GraphValidator.outlives(scope, scopes[$0]) }),
                    !seen.contains(pair)
                else { continue }
                let holder = nodes[head].binding.key
                let matches = { (problem: GraphProblem) in
                    problem.kind == .captiveDependency && problem.subject == holder
                }
                let finding = finding(matches) { pins in
                    captiveChain(from: head, through: key, pins).map(witness)
                }
                guard let finding else { continue }
                seen.insert(pair)
                found.append(finding)
            }
        }
        return found
    }

    /// Whether each key leads, through transient bindings that hold what they need, to a
    /// binding of `scope`, under some version.
    private func keysHolding(_ scope: Scope) -> [Bool] {
        var holders = Array(repeating: [Int](), count: keys.count)
        for node in nodes.indices where nodes[node].binding.scope.lifetimeRank == nil {
            for edge in edges(of: node) where dependency(node, edge).holdsInstance {
                holders[edgeKeys[edge]].append(nodes[node].key)
            }
        }
        var reached = Array(repeating: false, count: keys.count)
        var queue: [Int] = []
        for node in nodes where node.binding.scope == scope && !reached[node.key] {
            reached[node.key] = true
            queue.append(node.key)
        }
        var head = 0
        while head < queue.count {
            let key = queue[head]
            head += 1
            for holder in holders[key] where !reached[holder] {
                reached[holder] = true
                queue.append(holder)
            }
        }
        return reached
    }

    /// The nearest binding that `head` holds through `key` and outlives, and the transient
    /// bindings on the way, as `pins` allow.
    private func captiveChain(from head: Int, through key: Int, _ pins: Pins) -> [Int]? {
        guard isAllowed(head, pins) else { return nil }
        let scope = nodes[head].binding.scope
        let chain = nearestChain(from: key, pins, following: \.holdsInstance) { node in
            let held = nodes[node].binding.scope
            // Through transient bindings, to the first that keeps its instances.
            return held.lifetimeRank == nil ? nil : GraphValidator.outlives(scope, held)
        }
        return chain.map { [head] + $0 }
    }

    /// The nodes from one serving `key` to the nearest one that `ends`, as `pins` allow: a
    /// breadth-first search over keys that `ends` decides for each node reached — `true` ends
    /// there, `false` goes no further that way, `nil` goes on through its dependencies that
    /// `following` accepts. A path found so never visits a key twice.
    func nearestChain(
        from key: Int, _ pins: Pins, following: (Dependency) -> Bool, ends: (Int) -> Bool?
    ) -> [Int]? {
        var reachedBy: [Int: Int] = [key: -1]
        var queue = [key]
        var index = 0
        while index < queue.count {
            let current = queue[index]
            index += 1
            for node in keys[current].nodes where isAllowed(node, pins) {
                switch ends(node) {
                case true?:
                    var chain = [node]
                    var key = current
                    while let before = reachedBy[key], before >= 0 {
                        chain.append(before)
                        key = nodes[before].key
                    }
                    return chain.reversed()
                case false?:
                    continue
                case nil:
                    for edge in edges(of: node)
                    where following(dependency(node, edge)) && reachedBy[edgeKeys[edge]] == nil {
                        reachedBy[edgeKeys[edge]] = node
                        queue.append(edgeKeys[edge])
                    }
                }
            }
        }
        return nil
    }

    // MARK: Arguments

    /// An edge that asks for its target without the run-time arguments it takes, or with others;
    /// an eager singleton that takes some (``GraphValidator/checkArguments()``).
    func argumentFindings() -> [Finding] {
        var found: [Finding] = []
        var seen: Set<String> = []
        for node in nodes.indices {
            let binding = nodes[node].binding
            let key = binding.key
            if binding.arguments != nil, binding.scope.kind == .eagerSingleton, !seen.contains("\(key)") {
                let matches = { (problem: GraphProblem) in
                    problem.kind == .runTimeArguments && problem.subject == key && problem.related.isEmpty
                }
                if let finding = finding(matches, { pins in isAllowed(node, pins) ? witness([node]) : nil }) {
                    seen.insert("\(key)")
                    found.append(finding)
                }
            }
            for edge in edges(of: node) {
                let asked = dependency(node, edge)
                let target = keys[edgeKeys[edge]].key
                let mismatched = keys[edgeKeys[edge]].nodes.filter { nodes[$0].binding.arguments != asked.arguments }
                guard !mismatched.isEmpty else { continue }
                // Each way of asking is its own problem: plainly, or through a `Factory` of some arguments.
                let edgeName = "\(key) \(asked)"
                guard !seen.contains(edgeName) else { continue }
                let matches = { (problem: GraphProblem) in
                    problem.kind == .runTimeArguments && problem.subject == key && problem.related == [target]
                        && problem.message.contains(" \(asked), but ")
                }
                let finding = finding(matches) { pins in
                    guard isAllowed(node, pins), let other = mismatched.first(where: { isAllowed($0, pins) }) else {
                        return nil
                    }
                    return witness([node, other])
                }
                guard let finding else { continue }
                seen.insert(edgeName)
                found.append(finding)
            }
        }
        return found
    }
}
