import Synchronization

/// Holds an instance while somebody else does.
@usableFromInline
final class WeakCell<T: Sendable>: Sendable {
    private struct Reference { weak var object: AnyObject? }
    /// Guards only the reference; builds happen outside it, under ``gate``.
    private let reference = Mutex(Reference())
    private let gate: BuildGate
    /// The binding this cell keeps instances of, as paths name it.
    private let step: PathStep

    @usableFromInline
    init(step: PathStep, waits: WaitGraph) {
        self.step = step
        gate = BuildGate(waits: waits)
    }

    @usableFromInline
    func get(_ make: () throws(ResolutionError) -> T) throws(ResolutionError) -> T {
        if let live = current() { return live }
        return try gate.build(ObjectIdentifier(self), step: step, cached: current) { () throws(ResolutionError) -> T in
            let value = try make()
            // `value as Any` opens an existential, so the error names the concrete type.
            let concrete = Swift.type(of: value as Any)
            guard concrete is AnyObject.Type else {
                throw ResolutionError(.weakScopeNeedsClass(String(describing: concrete)), key: step.key)
            }
            reference.withLock { $0.object = value as AnyObject }
            return value
        }
    }

    private func current() -> T? {
        reference.withLock { $0.object as? T }
    }
}
