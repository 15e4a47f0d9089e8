/// The builds in progress on the current thread (or task), to turn a build that needs itself
/// into a cycle error instead of endless recursion or a deadlock.
///
/// A build enters the stack once, where it happens: a caching cell's slow path
/// (``Cell``), or ``ProducerTable/resolveOnDemand(_:named:)`` for a producer that caches
/// nothing. Plain autowired edges never enter it: validation has already ruled out a cycle of
/// direct dependencies, and only providers, lazy values and opaque factories can lead back.
@usableFromInline
enum BuildStack {
    @TaskLocal static var top: Frame?

    /// Runs `build` as `builder`'s build of `step`, or throws the cycle if `builder` is already
    /// building on this thread.
    @usableFromInline
    static func building<R>(
        _ step: PathStep, by builder: ObjectIdentifier,
        _ build: () throws(ResolutionError) -> R
    ) throws(ResolutionError) -> R {
        try entered(frame(step, by: builder), build)
    }

    /// A frame for `builder`'s build of `step` over the current stack, or the cycle if `builder`
    /// is already building on it. `graph` is the wait graph of a caching cell's family.
    static func frame(_ step: PathStep, by builder: ObjectIdentifier, graph: WaitGraph? = nil) throws(ResolutionError)
        -> Frame
    {
        let caller = top
        if let loop = caller?.steps(from: builder) {
            throw ResolutionError(.cycle(loop.map(\.key) + [step.key]), key: step.key)
        }
        return Frame(step: step, builder: builder, caller: caller, graph: graph)
    }

    /// Runs `build` with `frame` on top of the stack.
    static func entered<R>(_ frame: Frame, _ build: () throws(ResolutionError) -> R) throws(ResolutionError) -> R {
        try ResolutionError.calling(factoryOf: frame.key) { try $top.withValue(frame) { try build() } }
    }

    /// One build in progress on a thread or task: the instance of ``step`` that ``builder`` is
    /// making.
    ///
    /// Frames link to the build that asked for them, so a thread's frames are its stack of
    /// builds, innermost first; a child task inherits its parent's. The builder is the cell or
    /// producer doing the build, so a frame belongs to one injector level: a child building its
    /// own `X` while the parent builds its `X` is two builds, not a cycle.
    final class Frame: Sendable {
        /// The binding being built, as a path names it.
        let step: PathStep
        let builder: ObjectIdentifier
        let caller: Frame?
        /// For a caching cell's build, the wait graph of the cell's family: a request made inside
        /// it for another family's cell joins the two.
        let graph: WaitGraph?

        var key: ServiceKey { step.key }

        init(step: PathStep, builder: ObjectIdentifier, caller: Frame?, graph: WaitGraph? = nil) {
            self.step = step
            self.builder = builder
            self.caller = caller
            self.graph = graph
        }

        /// The builds from the frame of `builder` to this one, outermost first, or `nil` when
        /// `builder` is not building on this stack.
        func steps(from builder: ObjectIdentifier) -> [PathStep]? {
            var steps: [PathStep] = []
            var frame: Frame? = self
            while let current = frame {
                steps.append(current.step)
                if current.builder == builder { return steps.reversed() }
                frame = current.caller
            }
            return nil
        }

        /// Whether this frame is `ancestor` or runs inside it.
        func isWithin(_ ancestor: Frame) -> Bool {
            sequence(first: self) { $0.caller }.contains { $0 === ancestor }
        }
    }
}
