import Synchronization

/// Holds the instance of an asynchronous scoped binding: a singleton's, a weak one's, or a
/// resettable scope's.
///
/// One task builds at a time; the others suspend on a continuation until it is done (no thread
/// is blocked). When the build succeeds every waiter gets the instance. When it fails because
/// the building task was cancelled, the waiters do not inherit the cancellation: one of them
/// builds instead. When it fails otherwise, the waiters get the same error, and the next
/// request builds again.
///
/// `@unchecked Sendable`: `storage` (a strong cell's instance) is initialized once, under the
/// `state` lock by the one build that succeeds, before `isBuilt` is set with release ordering;
/// it is read only after `isBuilt` is seen set with acquire ordering, and not touched again
/// until `deinit`. Everything else is guarded by the `state` lock.
@usableFromInline
final class AsyncCell<T: Sendable>: ResettableCell, @unchecked Sendable {
    /// How long the cell keeps what it built.
    @usableFromInline
    enum Holding: Sendable {
        case strong
        case weak
        case scope(ScopeGeneration)

        /// Whether the cell keeps its instance in ``AsyncCell/storage``, for the fast path.
        @usableFromInline
        var isStrong: Bool {
            if case .strong = self { true } else { false }
        }
    }

    private enum Wake: Sendable {
        case retry
        case failed(ResolutionError)
    }

    private struct Reference { weak var object: AnyObject? }

    /// What a request does next: return the instance, wait for the build, or build.
    private enum Next {
        case done(T)
        case wait
        case build
    }

    private struct State {
        var value: T?
        var generation: UInt64 = 0
        var reference = Reference()
        var isBuilding = false
        var waiters: [CheckedContinuation<Wake, Never>] = []
    }

    /// Whether a strong cell's instance is in ``storage``: the fast path is a single atomic load.
    @usableFromInline let isBuilt = Atomic<Bool>(false)
    @usableFromInline let storage = UnsafeMutablePointer<T>.allocate(capacity: 1)
    /// Guards the instance, whether a build is running, and who waits for it.
    private let state = Mutex(State())
    private let holding: Holding
    /// The wait graph of the cell's injector family.
    private let waits: WaitGraph
    /// The binding it builds, as a path names it.
    private let step: PathStep
    private var key: ServiceKey { step.key }

    @usableFromInline
    init(step: PathStep, holding: Holding, waits: WaitGraph) {
        self.step = step
        self.holding = holding
        self.waits = waits
    }

    @inlinable
    func get(_ make: @Sendable () async throws(ResolutionError) -> T) async throws(ResolutionError) -> T {
        if isBuilt.load(ordering: .acquiring) { return storage.pointee }
        return try await build(make)
    }

    @usableFromInline
    func build(_ make: @Sendable () async throws(ResolutionError) -> T) async throws(ResolutionError) -> T {
        let top = BuildStack.top
        if let loop = top?.steps(from: ObjectIdentifier(self)) {
            throw ResolutionError(.cycle(loop.map(\.key) + [key]), key: key)
        }
        // Read once: a reset after this point belongs to a later request.
        let generation = currentGeneration()
        let frame = BuildFrame(step: step, builder: ObjectIdentifier(self), caller: top, graph: waits)
        while true {
            // The wait graph is told under the lock, so it owns the cell exactly while a build runs.
            let next = try state.withLock { (state: inout State) throws(ResolutionError) -> Next in
                if let value = cached(state, generation) { return .done(value) }
                switch try waits.claim(ObjectIdentifier(self), frame: frame) {
                case .claimed:
                    state.isBuilding = true
                    return .build
                case .mustWait:
                    return .wait
                }
            }
            switch next {
            case .done(let value):
                return value
            case .wait:
                let wake = await withCheckedContinuation { (continuation: CheckedContinuation<Wake, Never>) in
                    let waiting = state.withLock { (state: inout State) -> Bool in
                        guard state.isBuilding else { return false }
                        state.waiters.append(continuation)
                        return true
                    }
                    if !waiting { continuation.resume(returning: .retry) }
                }
                waits.stopWaiting(frame)
                if case .failed(let error) = wake { throw error }
            case .build:
                let outcome = await built(by: make, in: frame)
                let waiters = state.withLock { (state: inout State) -> [CheckedContinuation<Wake, Never>] in
                    if case .success(let value) = outcome { store(value, generation, in: &state) }
                    state.isBuilding = false
                    waits.release(ObjectIdentifier(self))
                    defer { state.waiters = [] }
                    return state.waiters
                }
                // A cancelled builder's failure is its own: the waiters build instead.
                let wake: Wake =
                    switch outcome {
                    case .success: .retry
                    case .failure(let error): Task.isCancelled ? .retry : .failed(error)
                    }
                for waiter in waiters { waiter.resume(returning: wake) }
                return try outcome.get()
            }
        }
    }

    /// What `make` builds as the build in `frame`; for a weak cell, only a class instance.
    private func built(
        by make: @Sendable () async throws(ResolutionError) -> T,
        in frame: BuildFrame
    ) async -> Result<T, ResolutionError> {
        let value: T
        do {
            value = try await BuildStack.$top.withValue(frame) { try await make() }
        } catch let error as ResolutionError {
            return .failure(error)
        } catch {
            return .failure(ResolutionError(.factoryFailed(error), key: key))
        }
        if case .weak = holding {
            // `value as Any` opens an existential, so the error names the concrete type.
            let concrete = Swift.type(of: value as Any)
            guard concrete is AnyObject.Type else {
                return .failure(ResolutionError(.weakScopeNeedsClass(String(describing: concrete)), key: key))
            }
        }
        return .success(value)
    }

    private func currentGeneration() -> UInt64 {
        guard case .scope(let generation) = holding else { return 0 }
        return generation.value.load(ordering: .acquiring)
    }

    private func cached(_ state: State, _ generation: UInt64) -> T? {
        switch holding {
        case .strong: state.value
        case .weak: state.reference.object as? T
        case .scope: state.generation == generation ? state.value : nil
        }
    }

    private func store(_ value: T, _ generation: UInt64, in state: inout State) {
        switch holding {
        case .strong:
            state.value = value
            storage.initialize(to: value)
            isBuilt.store(true, ordering: .releasing)
        case .weak:
            state.reference.object = value as AnyObject
        case .scope:
            state.value = value
            state.generation = generation
        }
    }

    @usableFromInline
    func clear() {
        state.withLock { $0.value = nil }
    }

    deinit {
        if isBuilt.load(ordering: .acquiring) { storage.deinitialize(count: 1) }
        storage.deallocate()
    }
}
