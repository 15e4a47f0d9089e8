import Synchronization

/// Which thread builds which cell, and which cell each waiting thread waits for: consulted
/// before a thread blocks, so a loop of threads waiting for each other is reported as the
/// cycle it is instead of hanging. Used on the build path only; a built instance is served
/// without it.
final class WaitGraph: Sendable {
    static let shared = WaitGraph()

    private struct Owner {
        let chain: BuildChain
        let step: PathStep
    }

    private struct Wait {
        let cell: ObjectIdentifier
        /// The waiting thread's innermost build, to name its part of a loop.
        let top: BuildFrame?
    }

    private struct State {
        var owners: [ObjectIdentifier: Owner] = [:]
        var waits: [ObjectIdentifier: Wait] = [:]
    }

    private let state = Mutex(State())

    enum Claim {
        /// The caller builds the cell; it calls ``release(_:)`` when done.
        case claimed
        /// Another thread builds it; the caller waits, then calls ``stopWaiting(_:)``.
        case mustWait
    }

    /// Claims `cell` for the thread of `top`, or records that the thread waits for it.
    /// - Throws: the cycle, when the thread that builds `cell` waits (through others,
    ///   perhaps) for a cell this thread is building.
    func claim(_ cell: ObjectIdentifier, step: PathStep, top: BuildFrame?, chain: BuildChain) throws(ResolutionError)
        -> Claim
    {
        try state.withLock { state throws(ResolutionError) -> Claim in
            guard let owner = state.owners[cell] else {
                state.owners[cell] = Owner(chain: chain, step: step)
                return .claimed
            }
            if owner.chain === chain {
                throw ResolutionError(
                    .cycle((top?.steps(from: cell) ?? [owner.step]).map(\.key) + [step.key]), key: step.key)
            }
            // Follow the waits from the owner: reaching this thread closes a loop.
            var parts: [(cell: ObjectIdentifier, top: BuildFrame?)] = []
            var current = owner.chain
            var wanted = cell
            // Each thread waits for one cell at a time, so the walk is at most one step per waiter.
            while parts.count <= state.waits.count,
                let wait = state.waits[ObjectIdentifier(current)], let next = state.owners[wait.cell]
            {
                parts.append((wanted, wait.top))
                if next.chain === chain {
                    // This thread's own part runs from the cell it builds and the last thread waits
                    // for; the other threads' parts follow, in the order they wait. The error's
                    // path starts with theirs, and the builds it leaves on this thread add this
                    // thread's in front, as they would if one thread had built them all.
                    let mine = top?.steps(from: wait.cell) ?? []
                    let theirs = parts.flatMap { $0.top?.steps(from: $0.cell) ?? [] }
                    let loop = (mine + theirs).map(\.key) + [next.step.key]
                    throw ResolutionError(.cycle(loop), key: loop.first ?? step.key, path: theirs)
                }
                wanted = wait.cell
                current = next.chain
            }
            state.waits[ObjectIdentifier(chain)] = Wait(cell: cell, top: top)
            return .mustWait
        }
    }

    func release(_ cell: ObjectIdentifier) {
        state.withLock { _ = $0.owners.removeValue(forKey: cell) }
    }

    func stopWaiting(_ chain: BuildChain) {
        state.withLock { _ = $0.waits.removeValue(forKey: ObjectIdentifier(chain)) }
    }
}
