import Synchronization

/// Closes kept instances in a ``ClosingPlan``'s order: each closable begins once every one that
/// depends on it has ended, so independent ones close concurrently, until all have ended or the
/// deadline passes.
///
/// Each closable closes in a task of its own, not a child of the caller's: at the deadline (or
/// when the task awaiting the run is cancelled) the run cancels the closers still running and
/// returns at once, reporting them, and those not begun, which never will be. A closer that
/// does not heed cancellation is left to end on its own; what it does then is not reported.
/// Nothing traps: what a closer throws is reported with its key.
final class ClosingRun: Sendable {
    private let closables: [Closable]
    private let plan: ClosingPlan
    private let clock = ContinuousClock()
    private let state: Mutex<State>

    private struct State {
        /// For each closable, how many of its dependants have not ended.
        var waitingFor: [Int]
        /// For each closable, when its task began, once it has.
        var began: [ContinuousClock.Instant?]
        var tasks: [Task<Void, Never>?]
        var ended: [Bool]
        /// For each closable that ended, whether it kept anything to close.
        var closedAny: [Bool]
        var remaining: Int
        var outcome = ClosingOutcome()
        /// Whether every closable ended, or the deadline passed, or the run was cancelled.
        var isOver = false
        var waiter: CheckedContinuation<Void, Never>?
        var timer: Task<Void, Never>?
    }

    private init(_ closables: [Closable], plan: ClosingPlan) {
        self.closables = closables
        self.plan = plan
        let count = closables.count
        state = Mutex(
            State(
                waitingFor: plan.dependants.map(\.count), began: Array(repeating: nil, count: count),
                tasks: Array(repeating: nil, count: count), ended: Array(repeating: false, count: count),
                closedAny: Array(repeating: false, count: count), remaining: count))
    }

    /// Closes `closables` in `plan`'s order, and says what closed, what threw, and what had not
    /// ended when `deadline` passed.
    static func run(_ closables: [Closable], plan: ClosingPlan, until deadline: ContinuousClock.Instant) async
        -> ClosingOutcome
    {
        let run = ClosingRun(closables, plan: plan)
        await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
            run.begin(waiter, until: deadline)
        }
        return run.state.withLock { $0.outcome }
    }

    /// Starts the closables that no other depends on, and the timer of the deadline; resumes
    /// `waiter` when the run is over.
    private func begin(_ waiter: CheckedContinuation<Void, Never>, until deadline: ContinuousClock.Instant) {
        let resume = state.withLock { (state: inout State) -> Bool in
            // Nothing to close.
            if state.remaining == 0 {
                state.isOver = true
                return true
            }
            state.waiter = waiter
            for index in closables.indices where state.waitingFor[index] == 0 { start(index, &state) }
            state.timer = Task { [clock] in
                // Ends early only when cancelled, once the run is over.
                guard (try? await Task.sleep(until: deadline, clock: clock)) != nil else { return }
                self.end()
            }
            return false
        }
        if resume { waiter.resume() }
    }

    /// Starts the task that closes closable `index`, under the lock, so the deadline finds it.
    private func start(_ index: Int, _ state: inout State) {
        state.began[index] = clock.now
        let closable = closables[index]
        state.tasks[index] = Task {
            var failures: [any Error] = []
            let closings = await closable.kept()
            for closing in closings {
                do { try await closing() } catch { failures.append(error) }
            }
            self.finish(index, closedAny: !closings.isEmpty, failures: failures)
        }
    }

    /// Records that closable `index` ended, and starts each dependency whose dependants have all
    /// ended; ends the run after the last.
    private func finish(_ index: Int, closedAny: Bool, failures: [any Error]) {
        let end = clock.now
        let over = state.withLock { (state: inout State) -> (CheckedContinuation<Void, Never>?, Task<Void, Never>?)? in
            guard !state.isOver else { return nil }
            state.ended[index] = true
            state.closedAny[index] = closedAny
            state.remaining -= 1
            let key = closables[index].key
            if closedAny {
                // The dependants it waited for that had something to close.
                let after = plan.dependants[index].filter { state.closedAny[$0] }.map { closables[$0].key }
                let entry = ClosingOutcome.Entry(key: key, began: state.began[index] ?? end, ended: end, after: after)
                if failures.isEmpty { state.outcome.closed.append(entry) }
            }
            state.outcome.failures += failures.map { ShutdownError.Failure(key: key, error: $0) }
            for dependency in plan.dependencies[index] {
                state.waitingFor[dependency] -= 1
                if state.waitingFor[dependency] == 0 { start(dependency, &state) }
            }
            guard state.remaining == 0 else { return nil }
            state.isOver = true
            defer { state.waiter = nil }
            return (state.waiter, state.timer)
        }
        guard let (waiter, timer) = over else { return }
        timer?.cancel()
        waiter?.resume()
    }

    /// Ends the run at the deadline, before every closable has ended. The closers still running
    /// are cancelled and reported as not finished, and those not begun as not begun.
    private func end() {
        let waiter = state.withLock { (state: inout State) -> CheckedContinuation<Void, Never>? in
            guard !state.isOver else { return nil }
            state.isOver = true
            for index in closables.indices where !state.ended[index] {
                if let task = state.tasks[index] {
                    task.cancel()
                    state.outcome.unfinished.append(closables[index].key)
                } else {
                    state.outcome.notBegun.append(closables[index].key)
                }
            }
            state.timer?.cancel()
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
    }
}

/// What a shutdown did, before it is given to its callers: what closed and when, what threw, and
/// what had not ended when it was cut short. The shutdown of a parent adds its children's.
struct ClosingOutcome: Sendable {
    /// One closable whose closers all returned.
    struct Entry: Sendable {
        let key: ServiceKey
        let began: ContinuousClock.Instant
        let ended: ContinuousClock.Instant
        let after: [ServiceKey]
    }

    /// When the shutdown began and ended, and the time it was given: set by the level's
    /// shutdown, whose children's runs it adds (see ``Injector/shutdown(within:)``).
    var began = ContinuousClock.now
    var ended = ContinuousClock.now
    var limit = Duration.zero
    var closed: [Entry] = []
    var failures: [ShutdownError.Failure] = []
    /// Closers still running at the deadline, cancelled.
    var unfinished: [ServiceKey] = []
    /// Closables that had not begun at the deadline: a dependant was still closing.
    var notBegun: [ServiceKey] = []

    mutating func add(_ other: ClosingOutcome) {
        closed += other.closed
        failures += other.failures
        unfinished += other.unfinished
        notBegun += other.notBegun
    }
}
