/// The check that nothing keeps an instance of a scope that ends sooner.
extension GraphValidator {
    /// The way from a transient binding to the nearest binding of one scope that it holds.
    struct Reach {
        /// The next binding on the way.
        let next: Int
        /// How many steps away the held binding is.
        let distance: Int
        /// The held binding.
        let end: Int
    }

    /// A binding that keeps its instances must not hold, directly or through transient
    /// bindings, an instance of a scope that ends sooner.
    ///
    /// For each scope that something could outlive, one search backwards from its bindings,
    /// through transient holders, finds every transient binding that holds an instance of it and
    /// the way to the nearest. So each such scope costs one pass over bindings and edges, and
    /// what a transient holds does not depend on the order of the bindings, loops included.
    mutating func checkCaptives() {
        let holders = holdersOverHeldEdges()
        // Singletons outlive everything, so nothing can hold one captive.
        var scopes: [Scope] = []
        for binding in bindings where binding.scope.canBeOutlived && !scopes.contains(binding.scope) {
            scopes.append(binding.scope)
        }
        scopes.sort { ($0.lifetimeRank!, $0.description) < ($1.lifetimeRank!, $1.description) }
        let reach = scopes.map { scope in transientReach(of: scope, holders: holders) }

        for (node, binding) in bindings.enumerated() where binding.scope.lifetimeRank != nil {
            for edge in edges(of: node) where holds[edge] {
                let target = targets[edge]
                guard target >= 0 else { continue }
                if bindings[target].scope.lifetimeRank != nil {
                    guard Self.outlives(binding.scope, bindings[target].scope) else { continue }
                    found.append(
                        captiveProblem(
                            node, holding: target, way: Reach(next: target, distance: 0, end: target),
                            reach: [], optionally: binding.dependencies[edge - edgeStart[node]].isOptional))
                } else if let index = scopes.indices.first(where: {
                    reach[$0][target] != nil && Self.outlives(binding.scope, scopes[$0])
                }) {
                    found.append(
                        captiveProblem(
                            node, holding: target, way: reach[index][target]!, reach: reach[index],
                            optionally: binding.dependencies[edge - edgeStart[node]].isOptional))
                }
            }
        }
    }

    /// Who holds each binding, over edges that keep an instance: the holders of `node` are
    /// `holders[starts[node]..<starts[node + 1]]`.
    private func holdersOverHeldEdges() -> (holders: [Int], starts: [Int]) {
        let count = bindings.count
        var starts = Array(repeating: 0, count: count + 1)
        for node in 0..<count {
            for edge in edges(of: node) where targets[edge] >= 0 && holds[edge] {
                starts[targets[edge] + 1] += 1
            }
        }
        for node in 0..<count { starts[node + 1] += starts[node] }
        var holders = Array(repeating: 0, count: starts[count])
        var filled = starts
        for node in 0..<count {
            for edge in edges(of: node) where targets[edge] >= 0 && holds[edge] {
                holders[filled[targets[edge]]] = node
                filled[targets[edge]] += 1
            }
        }
        return (holders, starts)
    }

    /// For each transient binding that holds, directly or through other transient ones, an
    /// instance of `scope`, the way to the nearest such instance: one search backwards from
    /// the bindings of `scope`.
    private func transientReach(of scope: Scope, holders: (holders: [Int], starts: [Int])) -> [Reach?] {
        var found = [Reach?](repeating: nil, count: bindings.count)
        var queue = bindings.indices.filter { bindings[$0].scope == scope }
        var head = 0
        while head < queue.count {
            let node = queue[head]
            head += 1
            for holder in holders.holders[holders.starts[node]..<holders.starts[node + 1]]
            where bindings[holder].scope.lifetimeRank == nil && found[holder] == nil {
                found[holder] = Reach(
                    next: node, distance: (found[node]?.distance ?? 0) + 1, end: found[node]?.end ?? node)
                queue.append(holder)
            }
        }
        return found
    }

    /// The problem of `binding` holding, through `target`, a binding of a shorter scope; long
    /// chains keep their first steps and the captive, so a report costs the same however long.
    /// The fix names what the holder injects, `target`, as it injects it (`optionally`, for an
    /// optional dependency): a `Provider` of it there is what breaks the chain.
    func captiveProblem(_ node: Int, holding target: Int, way: Reach, reach: [Reach?], optionally: Bool)
        -> GraphProblem
    {
        let binding = bindings[node]
        var chain = [node, target]
        while chain.count < PathStep.limit - 1, let next = reach.isEmpty ? nil : reach[chain[chain.count - 1]] {
            chain.append(next.next)
        }
        let omitted = way.distance + 2 - chain.count - (chain.last == way.end ? 0 : 1)
        if chain.last != way.end { chain.append(way.end) }
        let held = bindings[way.end]
        let injected = bindings[target].key.typeName + (optionally ? "?" : "")
        return GraphProblem(
            .captiveDependency,
            "captive dependency: \(binding.scope) \(binding.key) holds \(held.scope)-scoped \(held.key), which would outlive its scope",
            subject: binding.key, related: [held.key],
            path: Path(chain.map { PathStep(bindings[$0]) }, omitted: omitted, at: chain.count - 1),
            pathLabel: "held by",
            fix:
                "give \(binding.key) a scope no longer than \(held.scope), or inject Provider<\(injected)> and call it when needed"
        )
    }
}
