/// The searches for what must be awaited or built on the main actor
/// (``GraphValidator/checkSynchronousBuilds(_:refused:isMainActor:)``).
extension EveryCombination {
    /// An edge on which a binding builds synchronously what some combination makes
    /// asynchronous, or holds a main-actor binding without being isolated there.
    func synchronousBuildFindings() -> [Finding] {
        guard nodes.contains(where: { $0.binding.recipe.isAsync || $0.binding.isMainActorIsolated }) else { return [] }
        let mayAwait = keysThatMayAwait()
        let mustAwait = mustAwait(unpinned)
        var found: [Finding] = []
        var seen: Set<[ServiceKey]> = []
        var isolation: [Finding] = []
        // One isolation problem per holder's key, key held and way of holding it (the validator
        // names the other holders of a key under one selection in a note).
        var held: Set<[Int]> = []
        for node in nodes.indices {
            let binding = nodes[node].binding
            for edge in edges(of: node) {
                let dependency = dependency(node, edge)
                let through = dependency.kind == .provider || dependency.kind == .lazy
                guard through || dependency.kind.isBuiltFirst else { continue }
                let key = edgeKeys[edge]
                let cannotAwait = through || (!binding.recipe.canAwait && !binding.recipe.isAsync)
                let building: AsynchronousWay = through ? .wrapper("\(dependency)") : .factory
                let asynchronous = [binding.key, keys[key].key, building.key]
                if mayAwait[key], cannotAwait, !seen.contains(asynchronous),
                    let finding = asynchronousFinding(node, key, building)
                {
                    seen.insert(asynchronous)
                    found.append(finding)
                }
                let way = [nodes[node].key, key, through ? 1 : 0]
                guard !held.contains(way), through || !mustAwait[node],
                    let finding = isolationFinding(node, key, through: through, mayAwait)
                else { continue }
                held.insert(way)
                isolation.append(finding)
            }
            for decorator in binding.decorators {
                for dependency in decorator.dependencies where dependency.kind.isBuiltFirst {
                    let asynchronous = [binding.key, dependency.key, AsynchronousWay.decorator.key]
                    guard let key = keyIndex(of: dependency.key), mayAwait[key], !seen.contains(asynchronous),
                        let finding = asynchronousFinding(node, key, .decorator)
                    else { continue }
                    seen.insert(asynchronous)
                    found.append(finding)
                }
            }
        }
        return found + isolation
    }

    /// How a binding builds a dependency synchronously: each is its own problem.
    private enum AsynchronousWay {
        /// Its factory cannot await.
        case factory
        /// Through a `Provider` or `Lazy`, as the dependency is written: each is its own problem.
        case wrapper(String)
        /// A decorator of it needs the dependency.
        case decorator

        /// A key that tells the ways apart in a set of keys.
        var key: ServiceKey { .of(Self.self, named: "\(self)") }

        /// Whether `problem`'s message is this way's.
        func words(_ problem: GraphProblem) -> Bool {
            switch self {
            case .factory: problem.message.contains("cannot await it")
            case .wrapper(let written): problem.message.contains(" needs \(written), but ")
            case .decorator: problem.message.hasPrefix("the decorator of")
            }
        }
    }

    /// `node` builds what `key` serves synchronously, and some combination makes it asynchronous.
    private func asynchronousFinding(_ node: Int, _ key: Int, _ way: AsynchronousWay) -> Finding? {
        let (holder, needed) = (nodes[node].binding.key, keys[key].key)
        let matches = { (problem: GraphProblem) in
            problem.kind == .asynchronousDependency && problem.subject == holder && problem.related == [needed]
                && way.words(problem)
        }
        return solve { pins in
            guard isAllowed(node, pins), let chain = asynchronousChain(from: key, pins) else { return nil }
            return witness([node] + chain)
        }.map { Finding(witness: $0.witness, demands: $0.demands, matches: matches) }
    }

    /// For each key, whether some version makes it asynchronous: an `async` factory, or one that
    /// can await a dependency built first that some version makes so.
    private func keysThatMayAwait() -> [Bool] {
        var awaiting = Array(repeating: [Int](), count: keys.count)
        for node in nodes.indices where nodes[node].binding.recipe.canAwait {
            for edge in edges(of: node) where dependency(node, edge).kind.isBuiltFirst {
                awaiting[edgeKeys[edge]].append(nodes[node].key)
            }
        }
        var reached = Array(repeating: false, count: keys.count)
        var queue: [Int] = []
        for node in nodes where node.binding.recipe.isAsync && !reached[node.key] {
            reached[node.key] = true
            queue.append(node.key)
        }
        var head = 0
        while head < queue.count {
            let key = queue[head]
            head += 1
            for dependant in awaiting[key] where !reached[dependant] {
                reached[dependant] = true
                queue.append(dependant)
            }
        }
        return reached
    }

    /// The nodes from one serving `key` to one whose factory is `async`, each awaiting the next,
    /// as `pins` allow.
    func asynchronousChain(from key: Int, _ pins: Pins) -> [Int]? {
        nearestChain(from: key, pins, following: \.kind.isBuiltFirst) { node in
            let recipe = nodes[node].binding.recipe
            return recipe.isAsync ? true : recipe.canAwait ? nil : false
        }
    }

    // MARK: Isolation

    /// `node`, not isolated to the main actor, holds a main-actor binding of `key` that is
    /// synchronous, and (unless `through` a `Provider` or `Lazy`) builds it synchronously.
    private func isolationFinding(_ node: Int, _ key: Int, through: Bool, _ mayAwait: [Bool]) -> Finding? {
        let heldNodes = keys[key].nodes
        guard
            heldNodes.contains(where: { isolation(of: $0, onMainActor: true, unpinned) != nil }),
            isolation(of: node, onMainActor: false, unpinned) != nil
        else { return nil }
        let held = keys[key].key
        let matches = { (problem: GraphProblem) in
            problem.kind == .isolationCaptive && problem.related == [held]
                && problem.message.contains("wherever") == through
        }
        return solve { pins in
            guard isAllowed(node, pins), let notMain = isolation(of: node, onMainActor: false, pins) else { return nil }
            let must = mustAwait(pins)
            for target in heldNodes where isAllowed(target, pins) && !must[target] {
                guard let main = isolation(of: target, onMainActor: true, pins),
                    let heldSync = synchronous(target, pins, must, mayAwait)
                else { continue }
                var found = witness([node, target])
                found.requirements += notMain.requirements + main.requirements + heldSync.requirements
                if !through {
                    guard !must[node], let holderSync = synchronous(node, pins, must, mayAwait) else { continue }
                    found.requirements += holderSync.requirements
                }
                return found
            }
            return nil
        }.map { Finding(witness: $0.witness, demands: $0.demands, matches: matches) }
    }

    /// Which nodes are asynchronous whatever versions `pins` leave: an `async` factory, or one
    /// that awaits a dependency built first every served node of which is so.
    private func mustAwait(_ pins: Pins) -> [Bool] {
        var must = nodes.map { $0.binding.recipe.isAsync }
        // For each key, how many of its ways to be synchronous are left: allowed nodes that are
        // not asynchronous yet, and being unserved.
        var ways = keys.map { key in
            key.nodes.count { isAllowed($0, pins) && !nodes[$0].binding.recipe.isAsync }
                + (key.unserved.intersects(pins[key.unit]) ? 1 : 0)
        }
        var awaiting = Array(repeating: [Int](), count: keys.count)
        for node in nodes.indices where nodes[node].binding.recipe.canAwait && !must[node] {
            for edge in edges(of: node) where dependency(node, edge).kind.isBuiltFirst {
                awaiting[edgeKeys[edge]].append(node)
            }
        }
        var queue = keys.indices.filter { ways[$0] == 0 }
        while let key = queue.popLast() {
            for node in awaiting[key] where !must[node] {
                must[node] = true
                guard isAllowed(node, pins) else { continue }
                ways[nodes[node].key] -= 1
                if ways[nodes[node].key] == 0 { queue.append(nodes[node].key) }
            }
        }
        return must
    }

    /// What keeps `node` synchronous: for each dependency built first that some version makes
    /// asynchronous, a served node that is not, or its being unserved; `nil` if none.
    private func synchronous(_ node: Int, _ pins: Pins, _ must: [Bool], _ mayAwait: [Bool]) -> Witness? {
        var found = Witness()
        var visited: Set<Int> = [node]
        var pending = [node]
        while let current = pending.popLast() {
            guard nodes[current].binding.recipe.canAwait else { continue }
            for edge in edges(of: current) where dependency(current, edge).kind.isBuiltFirst && mayAwait[edgeKeys[edge]]
            {
                let key = edgeKeys[edge]
                let candidates = keys[key].nodes.filter { isAllowed($0, pins) && !must[$0] }
                if let next = candidates.first(where: visited.contains) ?? candidates.first {
                    found.requirements.append(requirement(next))
                    if visited.insert(next).inserted { pending.append(next) }
                    continue
                }
                guard keys[key].unserved.intersects(pins[keys[key].unit]) else { return nil }
                found.requirements.append(unserved(key))
            }
        }
        return found
    }
}
