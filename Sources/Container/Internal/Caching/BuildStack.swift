/// The builds in progress on the current thread (or task), to turn a build that needs itself
/// into a cycle error instead of endless recursion or a deadlock.
///
/// A build enters the stack once, where it happens: a caching cell's slow path
/// (``Cell``), or ``ProducerTable/resolveOnDemand(_:named:)`` for a producer that caches
/// nothing. Plain autowired edges never enter it: validation has already ruled out a cycle of
/// direct dependencies, and only providers, lazy values and opaque factories can lead back.
@usableFromInline
enum BuildStack {
    @TaskLocal static var top: BuildFrame?

    /// Runs `build` as `builder`'s build of `step`, or throws the cycle if `builder` is already
    /// building on this thread.
    @usableFromInline
    static func building<R>(
        _ step: PathStep, by builder: ObjectIdentifier,
        _ build: () throws(ResolutionError) -> R
    ) throws(ResolutionError) -> R {
        let caller = top
        if let loop = caller?.steps(from: builder) {
            throw ResolutionError(.cycle(loop.map(\.key) + [step.key]), key: step.key)
        }
        return try entered(BuildFrame(step: step, builder: builder, caller: caller), build)
    }

    /// Runs `build` with `frame` on top of the stack.
    static func entered<R>(_ frame: BuildFrame, _ build: () throws(ResolutionError) -> R) throws(ResolutionError) -> R {
        do {
            return try $top.withValue(frame) { try build() }
        } catch let error as ResolutionError {
            throw error
        } catch {
            throw ResolutionError(.factoryFailed(error), key: frame.key)
        }
    }
}
