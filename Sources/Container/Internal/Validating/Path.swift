/// The path a problem names, outermost first, with the steps left out of a long one.
struct Path: Hashable, Sendable {
    var steps: [PathStep]
    /// How many steps were left out, before `steps[omittedAt]`.
    let omitted: Int
    let omittedAt: Int

    init(_ steps: [PathStep]) {
        self.steps = steps
        omitted = 0
        omittedAt = 0
    }

    /// A path that leaves out `omitted` steps after its first.
    init(_ steps: [PathStep], omittedAfterFirst omitted: Int) {
        self.steps = steps
        self.omitted = omitted
        omittedAt = 1
    }

    /// A path that leaves out `omitted` steps before its last.
    init(_ steps: [PathStep], omittedBeforeLast omitted: Int) {
        self.steps = steps
        self.omitted = omitted
        omittedAt = steps.count - 1
    }

    func appending(_ step: PathStep) -> Path {
        var path = self
        path.steps.append(step)
        return path
    }
}
