/// One build in progress on a thread or task: the instance of ``step`` that ``builder`` is
/// making.
///
/// Frames link to the build that asked for them, so a thread's frames are its stack of
/// builds, innermost first; a child task inherits its parent's. The builder is the cell or
/// producer doing the build, so a frame belongs to one injector level: a child building its
/// own `X` while the parent builds its `X` is two builds, not a cycle.
final class BuildFrame: Sendable {
    /// The binding being built, as a path names it.
    let step: PathStep
    let builder: ObjectIdentifier
    let caller: BuildFrame?
    /// For a caching cell's build, the wait graph of the cell's family: a request made inside
    /// it for another family's cell joins the two.
    let graph: WaitGraph?

    var key: ServiceKey { step.key }

    init(step: PathStep, builder: ObjectIdentifier, caller: BuildFrame?, graph: WaitGraph? = nil) {
        self.step = step
        self.builder = builder
        self.caller = caller
        self.graph = graph
    }

    /// The builds from the frame of `builder` to this one, outermost first, or `nil` when
    /// `builder` is not building on this stack.
    func steps(from builder: ObjectIdentifier) -> [PathStep]? {
        var steps: [PathStep] = []
        var frame: BuildFrame? = self
        while let current = frame {
            steps.append(current.step)
            if current.builder == builder { return steps.reversed() }
            frame = current.caller
        }
        return nil
    }

    /// Whether this frame is `ancestor` or runs inside it.
    func isWithin(_ ancestor: BuildFrame) -> Bool {
        var frame: BuildFrame? = self
        while let current = frame {
            if current === ancestor { return true }
            frame = current.caller
        }
        return false
    }
}
