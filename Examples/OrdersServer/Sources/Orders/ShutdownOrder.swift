import Container

// example:begin
/// The order in which services close: dependants before what they depend on, as the graph's
/// edges say, and services that do not depend on each other together.
enum ShutdownOrder {
    /// `keys` in waves: each wave's services may close concurrently, once the waves before it
    /// have closed. A key the graph does not serve (V2's audit log under V1) is left out.
    static func waves(of keys: [ServiceKey], in graph: DependencyGraph) -> [[ServiceKey]] {
        let served = Set(graph.nodes.map(\.key))
        var remaining = keys.filter(served.contains)
        var dependencies: [ServiceKey: Set<ServiceKey>] = [:]
        for edge in graph.edges { dependencies[edge.from, default: []].insert(edge.to) }
        // What each key needs, directly or through services that close nothing.
        let needs = Dictionary(
            uniqueKeysWithValues: remaining.map { key in (key, reachable(from: key, through: dependencies)) })
        var waves: [[ServiceKey]] = []
        while !remaining.isEmpty {
            // A key closes once no remaining key needs it.
            var wave = remaining.filter { key in
                !remaining.contains { $0 != key && needs[$0, default: []].contains(key) }
            }
            // Dependencies through a Provider may form a cycle, which validation allows:
            // close its services together rather than never.
            if wave.isEmpty { wave = remaining }
            waves.append(wave)
            remaining.removeAll(where: wave.contains)
        }
        return waves
    }

    private static func reachable(from start: ServiceKey, through dependencies: [ServiceKey: Set<ServiceKey>])
        -> Set<ServiceKey>
    {
        var seen: Set<ServiceKey> = []
        var stack = Array(dependencies[start, default: []])
        while let key = stack.popLast() {
            guard seen.insert(key).inserted else { continue }
            stack += dependencies[key, default: []]
        }
        return seen
    }
}
// example:end
