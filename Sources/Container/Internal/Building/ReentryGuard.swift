import Synchronization

/// Catches a transient factory whose build leads back to itself, without entering the build
/// stack on every call: only a call made while another is under way, on this thread or
/// another, pays for the exact check.
///
/// Sound because a call made from inside another call on the same thread always sees that
/// call's own increment, so it takes the exact path; such a loop is then caught on its second
/// turn, by the frame its first turn entered.
@usableFromInline
final class ReentryGuard: Sendable {
    /// Calls under way, on any thread.
    @usableFromInline let active = Atomic<Int>(0)
    private let step: PathStep

    @usableFromInline
    init(step: PathStep) {
        self.step = step
    }

    /// The error of a call made once the level of the factory's binding has begun to shut down.
    @usableFromInline
    func shutDown() -> ResolutionError {
        LevelShutdown.refusal(step.key, path: [step])
    }

    /// Runs `build`, for a call made while another is under way, with the exact check.
    @usableFromInline
    func check<R>(_ build: () throws(ResolutionError) -> R) throws(ResolutionError) -> R {
        try BuildStack.building(step, by: ObjectIdentifier(self), build)
    }

    /// Counts a call in; `true` when no other call is under way, so that the call may skip the
    /// exact check. Every call, either way, is counted out with ``leave()``.
    @inlinable
    func enter() -> Bool {
        active.wrappingAdd(1, ordering: .relaxed).oldValue == 0
    }

    @inlinable
    func leave() {
        active.wrappingSubtract(1, ordering: .relaxed)
    }
}
