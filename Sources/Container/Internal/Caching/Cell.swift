import Synchronization

/// Holds the instance of a caching binding for its ``Lifetime``: a singleton's, a weak one's,
/// or a resettable scope's. ``get(_:)`` builds it on a thread, ``getAsync(_:)`` in a task,
/// over one state machine.
///
/// One request builds at a time: the one that owns the cell in its family's ``WaitGraph``.
/// The others wait for it, or get the cycle error when the wait could never end. A thread
/// waits by queueing on `gate`, which a synchronous build holds; a task suspends on a
/// continuation, so no thread is blocked. A cell is built one way only, since its binding is
/// compiled to a synchronous or to an asynchronous producer (``Compiler``), so a thread never
/// waits for a task's build.
///
/// When a build succeeds, every waiter gets the instance. When it fails, a waiting thread
/// builds again; a waiting task gets the same error, unless the building task was cancelled:
/// that failure is its own, and a waiter builds instead.
///
/// The instance lives in memory the cell allocates (`storage`) and is copied out through
/// `T`'s own witnesses, so no stored property's layout depends on `T`: the fast path of a
/// built singleton runs in the container's unspecialized generic code (autowired bindings are
/// not specialized, so that large modules compile quickly), where a `T?` or a `Box<T>` would
/// cost a metadata lookup on every resolve.
///
/// `@unchecked Sendable`: `storage` is written only under the `state` lock. A strong cell's
/// is initialized once, before `isBuilt` is set with release ordering, read without the lock
/// only after `isBuilt` is seen set with acquire ordering, and not touched again until
/// `deinit`; a scope cell's is read and emptied only under the `state` lock.
@usableFromInline
final class Cell<T: Sendable>: ResettableCell, @unchecked Sendable {
    /// Whether a strong cell's instance is in ``storage``: the fast path is a single atomic load.
    @usableFromInline let isBuilt = Atomic<Bool>(false)
    @usableFromInline let storage = UnsafeMutablePointer<T>.allocate(capacity: 1)
    /// Guards whether `storage` holds an instance and from which generation, a weak cell's
    /// reference, whether a build is running, and the tasks that wait for it.
    private let state = Mutex(State())
    /// Held by a thread while it builds; waiting threads queue on it.
    private let gate = Mutex<Void>(())
    private let lifetime: Lifetime
    /// The wait graph of the cell's injector family.
    private let waits: WaitGraph
    /// The binding it builds, as a path names it.
    private let step: PathStep
    /// The shutdown of the cell's injector level, whose gate it reads before it claims a build.
    private let shutdown: LevelShutdown

    private struct State {
        var isStored = false
        var generation: UInt64 = 0
        var reference = WeakReference<AnyObject>()
        var isBuilding = false
        var waiters: [CheckedContinuation<Wake, Never>] = []
    }

    /// What a request does next: return the instance, wait for the build, or build it for the
    /// scope generation current when the build was claimed.
    private enum Next {
        case done(T)
        case wait
        case build(generation: UInt64)
    }

    /// What a waiting task is told when the build it waits for ends.
    private enum Wake: Sendable {
        case retry
        case failed(ResolutionError)
    }

    /// How many tasks wait for the build running now, each on its continuation: lets a test end
    /// a build only once every waiter it started is really waiting.
    var waitingTasks: Int { state.withLock { $0.waiters.count } }

    @usableFromInline
    init(step: PathStep, lifetime: Lifetime, waits: WaitGraph, shutdown: LevelShutdown) {
        self.step = step
        self.lifetime = lifetime
        self.waits = waits
        self.shutdown = shutdown
    }

    @inlinable
    func get(_ make: () throws(ResolutionError) -> T) throws(ResolutionError) -> T {
        if isBuilt.load(ordering: .acquiring) { return storage.pointee }
        return try build(make)
    }

    @inlinable
    func getAsync(_ make: @Sendable () async throws(ResolutionError) -> T) async throws(ResolutionError) -> T {
        if isBuilt.load(ordering: .acquiring) { return storage.pointee }
        return try await buildAsync(make)
    }

    @usableFromInline
    func build(_ make: () throws(ResolutionError) -> T) throws(ResolutionError) -> T {
        if let value = state.withLock({ cached($0) }) { return value }
        let frame = try BuildStack.frame(step, by: ObjectIdentifier(self), graph: waits)
        while true {
            switch try next(for: frame) {
            case .done(let value):
                return value
            case .wait:
                gate.withLock { _ in }
                waits.stopWaiting(frame)
            case .build(let generation):
                // Ended under `gate`, so a thread that waited finds the instance stored.
                let outcome = gate.withLock { _ -> Result<T, ResolutionError> in
                    let outcome = Result { () throws(ResolutionError) in try BuildStack.entered(frame, make) }
                        .flatMap(checked)
                    finish(outcome, generation)
                    return outcome
                }
                return try outcome.get()
            }
        }
    }

    @usableFromInline
    func buildAsync(_ make: @Sendable () async throws(ResolutionError) -> T) async throws(ResolutionError) -> T {
        if let value = state.withLock({ cached($0) }) { return value }
        let frame = try BuildStack.frame(step, by: ObjectIdentifier(self), graph: waits)
        while true {
            switch try next(for: frame) {
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
            case .build(let generation):
                let outcome: Result<T, ResolutionError>
                do {
                    outcome = checked(
                        try await ResolutionError.callingAsync(factoryOf: step.key) {
                            try await BuildStack.$top.withValue(frame) { try await make() }
                        })
                } catch {
                    outcome = .failure(error)
                }
                finish(outcome, generation)
                return try outcome.get()
            }
        }
    }

    /// The instance, or a claim on its build, or a wait. The wait graph is told under the lock,
    /// so it owns the cell exactly while a build runs; the generation is read under it too, so
    /// a build claimed before a reset belongs to the generation that the reset ended. The
    /// shutdown gate is read under it as well: a build claimed before the level began to shut
    /// down is one that ``keptForClosing()`` waits for, and none is claimed after.
    private func next(for frame: BuildStack.Frame) throws(ResolutionError) -> Next {
        try state.withLock { (state: inout State) throws(ResolutionError) -> Next in
            if let value = cached(state) { return .done(value) }
            if shutdown.isClosed { throw refusal() }
            switch try waits.claim(ObjectIdentifier(self), frame: frame) {
            case .claimed:
                state.isBuilding = true
                return .build(generation: currentGeneration())
            case .mustWait:
                return .wait
            }
        }
    }

    /// The error of a build asked for once the cell's level has begun to shut down: made out of
    /// line, so that claiming a build copies no step.
    @inline(never)
    private func refusal() -> ResolutionError {
        LevelShutdown.refusal(step.key, path: [step])
    }

    /// Stores what a build made, if anything, ends the build and wakes the tasks that wait.
    private func finish(_ outcome: Result<T, ResolutionError>, _ generation: UInt64) {
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
    }

    /// `value`, or for a weak cell the error when it is not a class instance.
    private func checked(_ value: T) -> Result<T, ResolutionError> {
        if case .weak = lifetime {
            // `value as Any` opens an existential, so the error names the concrete type.
            let concrete = Swift.type(of: Self.instance(of: value))
            guard concrete is AnyObject.Type else {
                return .failure(
                    ResolutionError(.weakScopeNeedsClass(String(describing: concrete)), key: step.key, path: [step]))
            }
        }
        return .success(value)
    }

    /// What a weak cell refers to for `value`: the instance it boxes, if it is an
    /// ``InstanceBox``, which nothing else keeps alive.
    private static func instance(of value: T) -> Any {
        (value as? any InstanceBox)?.instance ?? value
    }

    private func currentGeneration() -> UInt64 {
        guard case .scope(let generation) = lifetime else { return 0 }
        return generation.value.load(ordering: .acquiring)
    }

    /// The instance kept for the current generation, if any; read under the `state` lock.
    private func cached(_ state: State) -> T? {
        switch lifetime {
        case .strong: state.isStored ? storage.pointee : nil
        case .weak:
            // Most weak cells keep the instance itself; only a main-actor binding's keeps a box.
            state.reference.object.flatMap { object in
                object as? T ?? (T.self as? any InstanceBox.Type)?.boxing(object) as? T
            }
        case .scope: state.isStored && state.generation == currentGeneration() ? storage.pointee : nil
        }
    }

    private func store(_ value: T, _ generation: UInt64, in state: inout State) {
        switch lifetime {
        case .strong:
            storage.initialize(to: value)
            state.isStored = true
            isBuilt.store(true, ordering: .releasing)
        case .weak:
            state.reference.object = Self.instance(of: value) as AnyObject
        case .scope:
            // Built for a generation that a reset has ended since: its requester gets it, and
            // the scope keeps nothing of it.
            guard generation == currentGeneration() else { return }
            if state.isStored { storage.deinitialize(count: 1) }
            storage.initialize(to: value)
            state.isStored = true
            state.generation = generation
        }
    }

    /// What the cell keeps, for its level's shutdown to close: the instance, once a build that
    /// was running when the shutdown began has ended; `nil` when it keeps none. The caller has
    /// closed the gate first, so no build starts after this returns.
    func keptForClosing() async -> T? {
        while true {
            let (kept, isBuilding) = state.withLock { ($0.isBuilding ? nil : cached($0), $0.isBuilding) }
            guard isBuilding else { return kept }
            // Woken as a waiting task is, when the build ends (see `finish`), then read again.
            _ = await withCheckedContinuation { (continuation: CheckedContinuation<Wake, Never>) in
                let waiting = state.withLock { (state: inout State) -> Bool in
                    guard state.isBuilding else { return false }
                    state.waiters.append(continuation)
                    return true
                }
                if !waiting { continuation.resume(returning: .retry) }
            }
        }
    }

    /// Empties a scope cell of what an ended generation built; a strong cell, which its fast
    /// path reads without the lock, is never reset. An instance of the current generation
    /// stays: a reset advances the generation before it empties the cells, and a request after
    /// that may have been served it already.
    @usableFromInline
    func clear() {
        guard case .scope = lifetime else { return }
        state.withLock { state in
            guard state.isStored, state.generation != currentGeneration() else { return }
            storage.deinitialize(count: 1)
            state.isStored = false
        }
    }

    deinit {
        if state.withLock({ $0.isStored }) { storage.deinitialize(count: 1) }
        storage.deallocate()
    }
}

/// How long a ``Cell`` keeps what it built: what a binding's scope means once compiled.
@usableFromInline
enum Lifetime: Sendable {
    /// For good: a singleton's instance, or a decorated instance binding's.
    case strong
    /// While somebody else holds it.
    case weak
    /// Until its resettable scope is reset, which advances the generation.
    case scope(ScopeGeneration)
}

/// Something ``Injector/reset(_:)`` can empty.
@usableFromInline
protocol ResettableCell: Sendable {
    func clear()
}

/// A weak reference to `Object`, as a value: what a lock's state, or an array, holds where it
/// must not keep an object alive (a weak cell's instance, the finished table of a ``Late``
/// reference, the levels of an ``InjectorFamily``).
struct WeakReference<Object: AnyObject> {
    weak var object: Object?
}
