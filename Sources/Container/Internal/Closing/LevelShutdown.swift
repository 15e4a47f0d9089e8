import Synchronization

/// One injector level's shutdown: the gate that its cells and table read, what the level keeps
/// that closes, the levels made from it that keep something to close, and the one shutdown that
/// every call of ``Injector/shutdown(within:)`` awaits.
///
/// **The gate.** Once the level, or a level it was made from, has begun to shut down, nothing of
/// the level starts to build: what its shutdown closes is all it will ever keep, and a child
/// builds nothing once its parent shuts down. A ``Cell`` reads the gate under its lock before it
/// claims a build, and a ``ProducerTable`` before it calls a producer that keeps nothing (a
/// transient one). The fast path of a built singleton, one atomic load of its cell's
/// ``Cell/isBuilt``, never reads it.
///
/// **Children.** A level joins its parent's children only when it, or a level made from it,
/// keeps something to close: most children (a test's, with fakes that close nothing) cost their
/// parent nothing, and need not join to build nothing once it shuts down, since their gate asks
/// the parent's. A parent holds its children's shutdowns, not the children, so a child lives as
/// long as whoever made it keeps it, and leaves when it is released (`Injector.deinit`).
///
/// **One object.** The cells hold it, and it holds what they keep (``closables``): a cycle,
/// which the level's injector breaks when it is released, by ``leave()``. One object rather than
/// a gate and a state apart: a test's child injector, made by the thousand, allocates one.
@usableFromInline
final class LevelShutdown: Sendable {
    /// Whether this level itself has begun to shut down.
    @usableFromInline let isClosedHere = Atomic<Bool>(false)
    /// The shutdown of the level this one was made from, whose gate closes this one's too; it
    /// holds this one among its children once this one has joined.
    @usableFromInline let parent: LevelShutdown?
    private let state = Mutex(State())

    private struct State {
        /// What the level keeps that closes, and the graph whose edges order the closing: set
        /// once the level is built, emptied when its injector is released.
        var closables: [Closable] = []
        var layer: Layer?
        /// The levels made from this one that keep something to close, or have such levels.
        var children: [LevelShutdown] = []
        /// Whether this level is among its parent's children.
        var hasJoined = false
        var shutdown: Task<ClosingOutcome, Never>?
    }

    init(parent: LevelShutdown?) {
        self.parent = parent
    }

    // MARK: The gate

    /// Whether this level or one it was made from has begun to shut down.
    @inlinable
    var isClosed: Bool {
        isClosedHere.load(ordering: .acquiring) || (parent != nil && isClosedAbove())
    }

    /// Whether this level's gate or one above it is closed.
    @usableFromInline
    func isClosedAbove() -> Bool {
        var level: LevelShutdown? = self
        while let current = level {
            if current.isClosedHere.load(ordering: .acquiring) { return true }
            level = current.parent
        }
        return false
    }

    /// Throws the refusal of building `T` (under `name`) when this level or one it was made from
    /// has begun to shut down: the part of a table's check that asks the parents, out of line.
    @usableFromInline
    func refuseIfClosed<T>(_ type: T.Type, named name: String?) throws(ResolutionError) {
        if isClosed { throw Self.refusal(.of(T.self, named: name)) }
    }

    /// The error of asking a level that has begun to shut down to build `key`.
    @usableFromInline
    static func refusal(_ key: ServiceKey, path: [PathStep] = []) -> ResolutionError {
        ResolutionError(.shutDown, key: key, path: path)
    }

    // MARK: The level

    /// Records what the built level keeps that closes, and the graph that orders it; a level
    /// that keeps something joins its parent's children.
    func built(_ layer: Layer, keeping closables: [Closable]) {
        guard !closables.isEmpty else { return }
        state.withLock { state in
            state.closables = closables
            state.layer = layer
        }
        join()
    }

    /// Joins the parent's children, and the parent its own parent's, so that a shutdown of any
    /// level above closes this one first.
    private func join() {
        guard let parent else { return }
        let joins = state.withLock { state in
            defer { state.hasJoined = true }
            return !state.hasJoined
        }
        guard joins else { return }
        parent.state.withLock { $0.children.append(self) }
        parent.join()
    }

    /// Leaves the parent's children and lets go of what the level keeps, when its injector is
    /// released: a shutdown that runs already has its own copy.
    func leave() {
        let hasJoined = state.withLock { state in
            state.closables = []
            return state.hasJoined
        }
        guard let parent, hasJoined else { return }
        parent.state.withLock { state in state.children.removeAll { $0 === self } }
    }

    // MARK: Shutting down

    /// What this level's one shutdown did, and whether this call `began` it (with `deadline`)
    /// rather than an earlier one. The first call closes the gate, under the lock. Cancelling
    /// the caller ends the shutdown as its deadline would.
    func outcome(until deadline: ContinuousClock.Instant, limit: Duration) async -> (
        outcome: ClosingOutcome, began: Bool
    ) {
        let (shutdown, began) = state.withLock { state -> (Task<ClosingOutcome, Never>, Bool) in
            if let shutdown = state.shutdown { return (shutdown, false) }
            // Released, so that a cell which reads the gate closed under its lock sees it all.
            isClosedHere.store(true, ordering: .releasing)
            let (children, closables, layer) = (state.children, state.closables, state.layer)
            let shutdown = Task {
                await Self.close(children, closables, in: layer, until: deadline, limit: limit)
            }
            state.shutdown = shutdown
            return (shutdown, true)
        }
        // The caller's cancellation does not reach it: only the time limit ends a shutdown. A
        // server's task is often cancelled as it stops, and its store must still be written back.
        return (await shutdown.value, began)
    }

    /// Shuts `children` down, concurrently, then closes `closables` in the order of `layer`'s graph.
    private static func close(
        _ children: [LevelShutdown], _ closables: [Closable], in layer: Layer?,
        until deadline: ContinuousClock.Instant, limit: Duration
    ) async -> ClosingOutcome {
        var outcome = ClosingOutcome(began: .now, limit: limit)
        await withTaskGroup(of: (outcome: ClosingOutcome, began: Bool).self) { group in
            for child in children {
                group.addTask { await child.outcome(until: deadline, limit: limit) }
            }
            // A child's shutdown that an earlier call began is that call's to report.
            for await closed in group where closed.began { outcome.add(closed.outcome) }
        }
        let plan = ClosingPlan(closables.map(\.key)) { key in layer?.binding(for: key)?.dependencies }
        outcome.add(await ClosingRun.run(closables, plan: plan, until: deadline))
        outcome.ended = .now
        return outcome
    }
}
