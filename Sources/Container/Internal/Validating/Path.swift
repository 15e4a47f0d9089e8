/// The path a problem names, outermost first, with the steps left out of a long one.
struct Path: Hashable, Sendable {
    var steps: [PathStep]
    /// How many steps were left out, before `steps[omittedAt]`.
    let omitted: Int
    let omittedAt: Int

    /// A path that leaves out `omitted` steps before `steps[omittedAt]`.
    init(_ steps: [PathStep], omitted: Int = 0, at omittedAt: Int = 0) {
        self.steps = steps
        self.omitted = omitted
        self.omittedAt = omittedAt
    }

    func appending(_ step: PathStep) -> Path {
        var path = self
        path.steps.append(step)
        return path
    }
}
