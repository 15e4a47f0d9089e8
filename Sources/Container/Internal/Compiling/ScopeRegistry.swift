import Synchronization

/// The generation counters of resettable scopes, shared by an injector and its children.
@usableFromInline
final class ScopeRegistry: Sendable {
    private let generations = Mutex<[String: ScopeGeneration]>([:])

    @usableFromInline
    func generation(of name: String) -> ScopeGeneration {
        generations.withLock { generations in
            if let existing = generations[name] { return existing }
            let created = ScopeGeneration()
            generations[name] = created
            return created
        }
    }

    func advance(_ name: String) {
        generation(of: name).value.add(1, ordering: .releasing)
    }
}
