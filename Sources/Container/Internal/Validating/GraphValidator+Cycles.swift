/// The check for dependency cycles among what is built first.
extension GraphValidator {
    /// Strongly connected components over edges built first, by Tarjan's algorithm, iteratively
    /// so a long chain cannot overflow the stack, with no allocation per component. Components
    /// come out dependencies first: the members of component `c` are
    /// `members[starts[c]..<starts[c + 1]]`.
    func components() -> (members: [Int], starts: [Int]) {
        let count = bindings.count
        var number = Array(repeating: -1, count: count)
        var low = Array(repeating: 0, count: count)
        var onStack = Array(repeating: false, count: count)
        var stack: [Int] = []
        var frames: [(node: Int, edge: Int)] = []
        var members: [Int] = []
        var starts = [0]
        members.reserveCapacity(count)
        var next = 0
        for start in 0..<count where number[start] < 0 {
            frames.append((start, edgeStart[start]))
            number[start] = next
            low[start] = next
            next += 1
            stack.append(start)
            onStack[start] = true
            while let (node, edge) = frames.last {
                if edge < edgeStart[node + 1] {
                    frames[frames.count - 1].edge += 1
                    let target = targets[edge]
                    guard target >= 0, kinds[edge].isBuiltFirst else { continue }
                    if number[target] < 0 {
                        number[target] = next
                        low[target] = next
                        next += 1
                        stack.append(target)
                        onStack[target] = true
                        frames.append((target, edgeStart[target]))
                    } else if onStack[target] {
                        low[node] = min(low[node], number[target])
                    }
                    continue
                }
                frames.removeLast()
                if let caller = frames.last { low[caller.node] = min(low[caller.node], low[node]) }
                if low[node] == number[node] {
                    while let member = stack.popLast() {
                        onStack[member] = false
                        members.append(member)
                        if member == node { break }
                    }
                    starts.append(members.count)
                }
            }
        }
        return (members, starts)
    }

    mutating func checkCycles() {
        let (members, starts) = components()
        for component in 0..<starts.count - 1 {
            let range = starts[component]..<starts[component + 1]
            let start = members[range].min()!
            guard
                range.count > 1 || edges(of: start).contains(where: { targets[$0] == start && kinds[$0].isBuiltFirst })
            else {
                continue
            }
            let loop = cycle(from: start, within: Set(members[range])) + [start]
            let names = loop.map { bindings[$0].key.description }
            found.append(
                GraphProblem(
                    .cycle, "dependency cycle: \(names.joined(separator: " -> "))",
                    subject: bindings[start].key, related: loop.dropFirst().dropLast().map { bindings[$0].key },
                    path: Path(loop.map { PathStep(bindings[$0]) }), pathLabel: "loop",
                    fix: "break the loop by injecting Provider<T> or Lazy<T> instead of T in one of these factories"))
        }
    }

    /// A shortest loop from `start` back to itself inside one component.
    mutating func cycle(from start: Int, within members: Set<Int>) -> [Int] {
        var previous: [Int: Int] = [:]
        var queue = [start]
        var head = 0
        while head < queue.count {
            let node = queue[head]
            head += 1
            for edge in edges(of: node) where kinds[edge].isBuiltFirst {
                let target = targets[edge]
                guard target >= 0, members.contains(target) else { continue }
                if target == start {
                    var loop = [node]
                    while let before = previous[loop[loop.count - 1]] { loop.append(before) }
                    return loop.reversed()
                }
                if previous[target] == nil, target != start {
                    previous[target] = node
                    queue.append(target)
                }
            }
        }
        return [start]
    }
}
