import Synchronization

/// Holds one built instance for a singleton; the fast path is a single atomic load.
///
/// The fast path runs in the container's generic code (autowired bindings are not specialized
/// for `T`, so that large modules compile quickly), so it touches no type made from `T`: a
/// `Box<T>` or a `T?` would cost a metadata lookup on every resolve, about 700 instructions.
/// The instance lives in memory the cell allocates and is copied out through `T`'s own
/// witnesses.
///
/// `@unchecked Sendable`: `storage` is initialized once, under `gate`'s lock (the
/// ``BuildGate`` mutex) by the one build it lets through, before `isBuilt` is set with release
/// ordering; it is read only after `isBuilt` is seen set with acquire ordering, and not
/// touched again until `deinit`.
@usableFromInline
final class SingletonCell<T: Sendable>: @unchecked Sendable {
    @usableFromInline let isBuilt = Atomic<Bool>(false)
    @usableFromInline let storage = UnsafeMutablePointer<T>.allocate(capacity: 1)
    private let gate: BuildGate
    /// The binding this cell keeps instances of, as paths name it.
    private let step: PathStep

    @usableFromInline
    init(step: PathStep, waits: WaitGraph) {
        self.step = step
        gate = BuildGate(waits: waits)
    }

    @inlinable
    func get(_ make: () throws(ResolutionError) -> T) throws(ResolutionError) -> T {
        if isBuilt.load(ordering: .acquiring) { return storage.pointee }
        return try build(make)
    }

    @usableFromInline
    func build(_ make: () throws(ResolutionError) -> T) throws(ResolutionError) -> T {
        try gate.build(ObjectIdentifier(self), step: step, cached: built) { () throws(ResolutionError) -> T in
            let value = try make()
            storage.initialize(to: value)
            isBuilt.store(true, ordering: .releasing)
            return value
        }
    }

    private func built() -> T? {
        isBuilt.load(ordering: .acquiring) ? storage.pointee : nil
    }

    deinit {
        if isBuilt.load(ordering: .acquiring) { storage.deinitialize(count: 1) }
        storage.deallocate()
    }
}
