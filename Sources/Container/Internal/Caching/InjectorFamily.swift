import Synchronization

/// What an injector and its children share: the generation counters of resettable scopes, the
/// resettable cells of every level, which a reset anywhere empties, and the wait graph of
/// their builds. Nothing in it is shared with another family.
@usableFromInline
final class InjectorFamily: Sendable {
    /// Which build owns each cell of the family, and who waits for it. Shared by every level,
    /// since a child's build can wait for its parent's cells, and a parent's factory may
    /// resolve from a child.
    @usableFromInline let waits = WaitGraph()
    private let generations = Mutex<[String: ScopeGeneration]>([:])
    /// Held weakly: a level lives as long as its injector.
    private let levels = Mutex<[WeakReference<ProducerTable>]>([])

    @usableFromInline
    func generation(of name: String) -> ScopeGeneration {
        generations.withLock { generations in
            if let existing = generations[name] { return existing }
            let created = ScopeGeneration()
            generations[name] = created
            return created
        }
    }

    /// Adds a level of the family whose table has resettable cells.
    func register(_ table: ProducerTable) {
        levels.withLock { levels in
            levels.removeAll { $0.object == nil }
            levels.append(WeakReference(object: table))
        }
    }

    /// Starts a new generation of the scope `name`, so nothing built before is served, and
    /// empties its cells at every level, so nothing built before is kept either: a child's cells
    /// too, which a reset through the parent or a sibling would otherwise keep until the child's
    /// own reset.
    func reset(_ name: String) {
        generation(of: name).value.add(1, ordering: .releasing)
        for level in levels.withLock({ $0.compactMap(\.object) }) { level.clear(name) }
    }
}

/// The generation counter of one resettable scope, shared by an injector and its children:
/// a reset advances it, and a cell serves only what it built in the current generation.
@usableFromInline
final class ScopeGeneration: Sendable {
    let value = Atomic<UInt64>(0)
}
