import Synchronization

/// The once-lock of a caching cell: one thread at a time builds the cell's instance, the
/// others wait for it, and a wait that could never end is a cycle error instead.
struct BuildGate: ~Copyable, Sendable {
    /// Held by the thread that builds; the others queue on it to wait.
    private let lock = Mutex<Void>(())
    /// The wait graph of the cell's injector family.
    private let waits: WaitGraph

    init(waits: WaitGraph) {
        self.waits = waits
    }

    /// Returns what `cached` finds, or builds it with `make` as the build of `step` by `cell`.
    ///
    /// - Parameters:
    ///   - cell: The cell this gate guards; it identifies the build on the stack and in the
    ///     wait graph.
    ///   - cached: Reads the cell's instance, if it has one that may be served; called again
    ///     after every wait, since the builder may have failed.
    ///   - make: Builds the instance and stores it in the cell.
    func build<T: Sendable>(
        _ cell: ObjectIdentifier, step: PathStep, cached: () -> T?,
        make: () throws(ResolutionError) -> T
    ) throws(ResolutionError) -> T {
        let top = BuildStack.top
        if let loop = top?.steps(from: cell) {
            throw ResolutionError(.cycle(loop.map(\.key) + [step.key]), key: step.key)
        }
        let frame = BuildFrame(step: step, builder: cell, caller: top, graph: waits)
        while true {
            if let value = cached() { return value }
            switch try waits.claim(cell, frame: frame) {
            case .claimed:
                return try lock.withLock { _ throws(ResolutionError) -> T in
                    defer { waits.release(cell) }
                    if let value = cached() { return value }
                    return try BuildStack.entered(frame, make)
                }
            case .mustWait:
                lock.withLock { _ in }
                waits.stopWaiting(frame)
            }
        }
    }
}
