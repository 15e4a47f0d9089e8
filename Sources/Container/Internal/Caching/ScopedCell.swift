import Synchronization

/// Holds an instance until its scope is reset. An instance built before a reset is never
/// served to a request made after it, even by a child injector that shares this cell.
@usableFromInline
final class ScopedCell<T: Sendable>: ResettableCell {
    /// The instance and the scope generation it was built in. Guards only the value; builds
    /// happen outside it, under ``gate``.
    private let state = Mutex<(value: T, generation: UInt64)?>(nil)
    private let gate: BuildGate
    private let generation: ScopeGeneration
    /// The binding this cell keeps instances of, as paths name it.
    private let step: PathStep

    @usableFromInline
    init(step: PathStep, generation: ScopeGeneration, waits: WaitGraph) {
        self.step = step
        self.generation = generation
        gate = BuildGate(waits: waits)
    }

    @usableFromInline
    func get(_ make: () throws(ResolutionError) -> T) throws(ResolutionError) -> T {
        // Read once: a reset after this point belongs to a later request.
        let current = generation.value.load(ordering: .acquiring)
        if let value = cached(in: current) { return value }
        return try gate.build(ObjectIdentifier(self), step: step) {
            cached(in: current)
        } make: { () throws(ResolutionError) -> T in
            let value = try make()
            state.withLock { $0 = (value, current) }
            return value
        }
    }

    private func cached(in current: UInt64) -> T? {
        state.withLock { state in
            guard let cached = state, cached.generation == current else { return nil }
            return cached.value
        }
    }

    @usableFromInline
    func clear() {
        state.withLock { $0 = nil }
    }
}
