/// Every problem that whole-graph validation found, thrown by `Injector(modules:)` and
/// ``Injector/validate()``.
public struct ValidationError: Error, CustomStringConvertible {
    /// The problems, in declaration order of the bindings they concern.
    public let problems: [GraphProblem]

    /// Each problem's diagnostic, then a count.
    public var description: String {
        let count = problems.count == 1 ? "1 problem" : "\(problems.count) problems"
        return (problems.map(\.description) + ["\(count) in the dependency graph"]).joined(separator: "\n\n")
    }
}
