import Synchronization

/// Which build owns each asynchronous cell, and which cell each suspended request waits for:
/// consulted before a task suspends, so tasks that would wait for each other forever get the
/// cycle error instead. The asynchronous counterpart of ``WaitGraph``, used on the build path
/// only.
///
/// Tasks are told apart by their build frames rather than by a chain per thread: a factory
/// may start child tasks (`async let`), which inherit its frame, and two such tasks waiting for
/// one singleton are not a cycle. A request's frame descends from every build it runs inside,
/// so "the build of X waits" means "some request whose frame descends from X's frame waits".
final class AsyncWaitGraph: Sendable {
    static let shared = AsyncWaitGraph()

    private struct Wait {
        let cell: ObjectIdentifier
        /// The innermost build the waiting request runs inside, if any.
        let top: BuildFrame?
    }

    private struct State {
        /// Each cell being built, and the frame of its build.
        var owners: [ObjectIdentifier: BuildFrame] = [:]
        /// Each suspended request, by the identity of its frame.
        var waits: [ObjectIdentifier: Wait] = [:]
    }

    private let state = Mutex(State())

    /// Claims `cell` for `frame`'s build, or records that `frame`'s request waits for it.
    /// - Throws: the cycle, when the build that owns `cell` waits, through others perhaps, for
    ///   a build that this request runs inside.
    func claim(_ cell: ObjectIdentifier, frame: BuildFrame) throws(ResolutionError) -> WaitGraph.Claim {
        try state.withLock { state throws(ResolutionError) -> WaitGraph.Claim in
            guard let owner = state.owners[cell] else {
                state.owners[cell] = frame
                return .claimed
            }
            // Each entry: a build, and the steps from `cell` down to it.
            var pending: [(build: BuildFrame, trail: [PathStep])] = [(owner, [])]
            var seen: Set<ObjectIdentifier> = []
            while let (build, trail) = pending.popLast() {
                guard seen.insert(ObjectIdentifier(build)).inserted else { continue }
                for wait in state.waits.values {
                    guard let waiting = wait.top, waiting.isWithin(build), let next = state.owners[wait.cell] else {
                        continue
                    }
                    let reached = trail + (waiting.steps(from: build.builder) ?? [])
                    if let mine = frame.caller?.steps(from: next.builder) {
                        let loop = (mine + reached + [next.step]).map(\.key)
                        throw ResolutionError(.cycle(loop), key: loop[0])
                    }
                    pending.append((next, reached))
                }
            }
            state.waits[ObjectIdentifier(frame)] = Wait(cell: cell, top: frame.caller)
            return .mustWait
        }
    }

    /// Ends `cell`'s build: nothing owns it any more.
    func release(_ cell: ObjectIdentifier) {
        state.withLock { _ = $0.owners.removeValue(forKey: cell) }
    }

    /// Ends the wait of `frame`'s request.
    func stopWaiting(_ frame: BuildFrame) {
        state.withLock { _ = $0.waits.removeValue(forKey: ObjectIdentifier(frame)) }
    }
}
