import Synchronization

/// Which build owns each cell of an injector family that is being built, and which cell each
/// waiting request waits for: consulted before a thread blocks or a task suspends, so requests
/// that would wait for each other forever get the cycle error instead. Used on the build path
/// only; a built instance is served without it.
///
/// One graph serves a family (an injector and its children, which share cells and can wait for
/// each other's), for threads and tasks alike, so unrelated injectors never contend for it.
/// Requests are told apart by their build frames rather than by thread: a factory may start
/// child tasks (`async let`), which inherit its frame, and two such tasks waiting for one
/// singleton are not a cycle. A request's frame descends from every build it runs inside, so
/// "the build of X waits" means "some request whose frame descends from X's frame waits".
///
/// When a factory of one family resolves from another family (through a slot, a global), a
/// loop may run through both: the first request made inside one family's build for a cell of
/// another joins the two graphs into one for good, so that the loop is seen whole.
@usableFromInline
final class WaitGraph: Sendable {
    enum Claim {
        /// The caller builds the cell; it calls ``release(_:)`` when done.
        case claimed
        /// Another request builds it; the caller waits, then calls ``stopWaiting(_:)``.
        case mustWait
    }

    private struct Wait {
        let cell: ObjectIdentifier
        /// The innermost build the waiting request runs inside, if any.
        let top: BuildStack.Frame?
    }

    private struct State {
        /// Each cell being built, and the frame of its build.
        var owners: [ObjectIdentifier: BuildStack.Frame] = [:]
        /// Each waiting request, by the identity of its frame.
        var waits: [ObjectIdentifier: Wait] = [:]
        /// The graph this one was joined into, which keeps its owners and waits since.
        var joined: WaitGraph?
    }

    private let state = Mutex(State())

    /// Claims `cell` for `frame`'s build, or records that `frame`'s request waits for it.
    /// - Throws: the cycle, when the build that owns `cell` waits, through others perhaps, for
    ///   a build that this request runs inside. Its path names the other requests' builds, as
    ///   one thread that built them all would.
    func claim(_ cell: ObjectIdentifier, frame: BuildStack.Frame) throws(ResolutionError) -> Claim {
        var caller = frame.caller
        while let build = caller {
            if let other = build.graph, other !== self { join(other) }
            caller = build.caller
        }
        return try withState { state throws(ResolutionError) -> Claim in
            guard let owner = state.owners[cell] else {
                state.owners[cell] = frame
                return .claimed
            }
            // Each entry: a build, and the steps from `cell` down to it.
            var pending: [(build: BuildStack.Frame, trail: [PathStep])] = [(owner, [])]
            var seen: Set<ObjectIdentifier> = []
            while let (build, trail) = pending.popLast() {
                guard seen.insert(ObjectIdentifier(build)).inserted else { continue }
                for wait in state.waits.values {
                    guard let waiting = wait.top, waiting.isWithin(build), let next = state.owners[wait.cell] else {
                        continue
                    }
                    let reached = trail + (waiting.steps(from: build.builder) ?? [])
                    // This request's own part runs from the cell it builds that the last request
                    // waits for; the others' parts follow, in the order they wait.
                    if let mine = frame.caller?.steps(from: next.builder) {
                        let loop = (mine + reached + [next.step]).map(\.key)
                        throw ResolutionError(.cycle(loop), key: loop[0], path: reached)
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
        withState { _ = $0.owners.removeValue(forKey: cell) }
    }

    /// Ends the wait of `frame`'s request.
    func stopWaiting(_ frame: BuildStack.Frame) {
        withState { _ = $0.waits.removeValue(forKey: ObjectIdentifier(frame)) }
    }

    /// How many requests wait for a build of the graph this one is now part of: lets a test
    /// stage a wait before it lets the build end.
    var waitingRequests: Int { withState { $0.waits.count } }

    /// Runs `body` on the state of the graph that this one is now part of.
    private func withState<R, Failure: Error>(_ body: (inout State) throws(Failure) -> R) throws(Failure) -> R {
        var graph: WaitGraph? = self
        var result: R?
        // Each turn either runs `body` or follows the graph to the one it joined.
        while let current = graph {
            graph = try current.state.withLock { state throws(Failure) -> WaitGraph? in
                if let joined = state.joined { return joined }
                result = try body(&state)
                return nil
            }
        }
        return result!
    }

    /// The graph that this one is now part of.
    private var current: WaitGraph {
        var graph = self
        while let joined = graph.state.withLock({ $0.joined }) { graph = joined }
        return graph
    }

    /// Makes this graph and `other` one, keeping the owners and waits of both.
    private func join(_ other: WaitGraph) {
        while true {
            let (mine, theirs) = (current, other.current)
            guard mine !== theirs else { return }
            // Locked in the order of their identities, so two joins never wait for each other.
            let (kept, merged) = ObjectIdentifier(mine) < ObjectIdentifier(theirs) ? (mine, theirs) : (theirs, mine)
            let done = kept.state.withLock { into in
                merged.state.withLock { from in
                    // Another join got there first: start again from the graphs it made.
                    guard into.joined == nil, from.joined == nil else { return false }
                    into.owners.merge(from.owners) { own, _ in own }
                    into.waits.merge(from.waits) { own, _ in own }
                    from = State(joined: kept)
                    return true
                }
            }
            if done { return }
        }
    }
}
