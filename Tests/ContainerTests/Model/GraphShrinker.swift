/// Makes a failing graph smaller while it still fails: fewer steps, bindings and edges, and
/// simpler bindings, one change at a time, until no change keeps the failure.
enum GraphShrinker {
    static func shrink(_ graph: ModelGraph, budget: Int = 3_000, fails: (ModelGraph) -> Bool) -> ModelGraph {
        var smallest = graph
        var tries = 0
        var progress = true
        while progress, tries < budget {
            progress = false
            for candidate in simpler(smallest) {
                tries += 1
                if fails(candidate) {
                    smallest = candidate
                    progress = true
                    break
                }
                if tries >= budget { break }
            }
        }
        return smallest
    }

    /// Every graph one change simpler than `graph`, the biggest cuts first.
    private static func simpler(_ graph: ModelGraph) -> [ModelGraph] {
        var candidates: [ModelGraph] = []
        // Drop the script's tail, then single steps (later steps naming a dropped one skip).
        for count in [graph.script.count / 2, 1] where count > 0 && count <= graph.script.count {
            var cut = graph
            cut.script.removeLast(count)
            candidates.append(cut)
        }
        for index in graph.script.indices.reversed() {
            var cut = graph
            cut.script[index] = .drop(handle: -1)
            if cut != graph, !isPlaceholder(graph.script[index]) { candidates.append(cut) }
        }
        for index in graph.bindings.indices.reversed() {
            var cut = graph
            cut.bindings.remove(at: index)
            candidates.append(cut)
        }
        for index in graph.decorators.indices.reversed() {
            var cut = graph
            cut.decorators.remove(at: index)
            candidates.append(cut)
            for edge in graph.decorators[index].edges.indices {
                var fewer = graph
                fewer.decorators[index].edges.remove(at: edge)
                candidates.append(fewer)
            }
        }
        for key in graph.overrides.keys.sorted() {
            var cut = graph
            cut.overrides[key] = nil
            candidates.append(cut)
        }
        for index in graph.bindings.indices {
            for simpler in simpler(graph.bindings[index]) {
                var cut = graph
                cut.bindings[index] = simpler
                candidates.append(cut)
            }
        }
        for (step, item) in graph.script.enumerated() {
            guard case .child(let spec) = item else { continue }
            for index in spec.bindings.indices {
                var smaller = spec
                smaller.bindings.remove(at: index)
                var cut = graph
                cut.script[step] = .child(smaller)
                candidates.append(cut)
                for simpler in simpler(spec.bindings[index]) {
                    var changed = spec
                    changed.bindings[index] = simpler
                    var cut = graph
                    cut.script[step] = .child(changed)
                    candidates.append(cut)
                }
            }
            for index in spec.decorators.indices {
                var smaller = spec
                smaller.decorators.remove(at: index)
                var cut = graph
                cut.script[step] = .child(smaller)
                candidates.append(cut)
            }
            if spec.isStrict {
                var lax = spec
                lax.isStrict = false
                var cut = graph
                cut.script[step] = .child(lax)
                candidates.append(cut)
            }
        }
        return candidates
    }

    /// A removed step keeps its place, so that the steps after it keep their numbers.
    private static func isPlaceholder(_ step: ModelStep) -> Bool {
        if case .drop(handle: -1) = step { return true }
        return false
    }

    private static func simpler(_ binding: ModelBinding) -> [ModelBinding] {
        var candidates: [ModelBinding] = []
        for index in binding.edges.indices.reversed() {
            var cut = binding
            cut.edges.remove(at: index)
            candidates.append(cut)
            if binding.edges[index].callsInInit {
                var lazier = binding
                lazier.edges[index].callsInInit = false
                candidates.append(lazier)
            }
        }
        var changes: [(inout ModelBinding) -> Void] = []
        if binding.scope != .transient { changes.append { $0.scope = .transient } }
        if binding.isLiveOnly { changes.append { $0.isLiveOnly = false } }
        if binding.fails { changes.append { $0.fails = false } }
        if binding.asksUndeclared { changes.append { $0.asksUndeclared = false } }
        if !binding.implements.isEmpty { changes.append { $0.implements.removeLast() } }
        if binding.style == .opaque, !binding.asksUndeclared,
            binding.edges.allSatisfy({ $0.target.name == nil && $0.target.face == nil })
        {
            changes.append { $0.style = .typed }
        }
        if binding.version != nil { changes.append { $0.version = nil } }
        for change in changes {
            var changed = binding
            change(&changed)
            candidates.append(changed)
        }
        return candidates
    }
}
