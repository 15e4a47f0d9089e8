/// The check that every edge finds a binding, or why the selection serves none.
extension GraphValidator {
    /// The wrapper through which `node` injects `key` (`Provider`, `Lazy`, …), or `""` for a
    /// plain dependency.
    func wrapper(of key: ServiceKey, in node: Int) -> String {
        let kind = bindings[node].dependencies.first { $0.key == key }?.kind ?? .direct
        return kind == .direct || kind == .optional || kind == .factory ? "" : kind.wrapperName
    }

    mutating func checkMissing() {
        var needers: [ServiceKey: [Int]] = [:]
        var order: [ServiceKey] = []
        for node in bindings.indices {
            for edge in edges(of: node) where targets[edge] == Self.missing {
                let key = bindings[node].dependencies[edge - edgeStart[node]].key
                if needers[key] == nil { order.append(key) }
                // A binding's edges are consecutive, so one that needs the key twice is listed once.
                if needers[key]?.last != node { needers[key, default: []].append(node) }
            }
        }
        guard !order.isEmpty else { return }
        // Where each collection type's contributions went, for a collection asked for under a name
        // its contributions do not carry.
        var collections: [ObjectIdentifier: [ServiceKey]] = [:]
        for binding in bindings {
            guard let collection = binding.membership?.collection,
                collections[collection.id]?.contains(collection) != true
            else { continue }
            collections[collection.id, default: []].append(collection)
        }
        findPaths()
        let near = nearMatches()
        for key in order where !unselectable(key) {
            let nodes = needers[key]!
            let path = path(to: nodes[0]).appending(PathStep(key: key))
            let also = Diagnostic.alsoNeededNote(by: nodes.dropFirst().map { bindings[$0].key })
            let dependant = bindings[nodes[0]].key
            if let missing = notServed(key) {
                // Bound, but not served under the selection.
                found.append(
                    GraphProblem(
                        .notServed, "\(dependant) needs \(key), which is \(missing.reason)", subject: dependant,
                        related: [key], notServed: missing, path: path, notes: also,
                        fix: Diagnostic.notServedFix(missing, through: wrapper(of: key, in: nodes[0]))))
            } else {
                found.append(
                    GraphProblem(
                        .missingBinding, "no binding for \(key)", subject: dependant, related: [key], path: path,
                        notes: also + near.notes(for: key)
                            + Diagnostic.missingBindingNotes(for: key, neededBy: dependant)
                            + Diagnostic.collectionNamingNotes(for: key, made: collections[key.id] ?? []),
                        fix: Diagnostic.missingBindingFix(for: key, neededBy: dependant)))
            }
        }
    }
}
