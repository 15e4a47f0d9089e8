import Synchronization

/// Holds one built instance for a singleton; the fast path is a single atomic load.
@usableFromInline
final class SingletonCell<T: Sendable>: Sendable {
    /// Set once, when the instance is built; released with the cell.
    @usableFromInline let published = Atomic<Unmanaged<Box<T>>?>(nil)
    private let gate = BuildGate()
    /// The binding this cell keeps instances of, as paths name it.
    private let step: PathStep

    @usableFromInline
    init(step: PathStep) {
        self.step = step
    }

    @inlinable
    func get(_ make: () throws(ResolutionError) -> T) throws(ResolutionError) -> T {
        if let box = published.load(ordering: .acquiring) {
            // Safe unretained: the cell keeps the box until it is deinitialized, and whoever
            // calls `get` keeps the cell (through its producer).
            return box._withUnsafeGuaranteedRef { $0.value }
        }
        return try build(make)
    }

    @usableFromInline
    func build(_ make: () throws(ResolutionError) -> T) throws(ResolutionError) -> T {
        try gate.build(ObjectIdentifier(self), step: step, cached: built) { () throws(ResolutionError) -> T in
            let value = try make()
            published.store(Unmanaged.passRetained(Box(value)), ordering: .releasing)
            return value
        }
    }

    private func built() -> T? {
        published.load(ordering: .acquiring)?.takeUnretainedValue().value
    }

    deinit {
        published.load(ordering: .acquiring)?.release()
    }
}
