/// The problems that ``Injector/validateEverySelection(modules:)`` found, each under a
/// selection that shows it.
public struct SelectionValidationError: Error, CustomStringConvertible {
    /// The problems of one selection.
    public struct Failure: Sendable, CustomStringConvertible {
        /// The selection whose graph has the problems.
        public let selection: VersionSelection
        /// Its problems, as ``ValidationError/problems`` lists them.
        public let problems: [GraphProblem]

        /// `versions v2 (CartService=v1):`, then each problem and their count.
        public var description: String {
            "versions \(selection):\n" + ValidationError(problems: problems).description
        }
    }

    /// What was checked: every combination of the graph's versions.
    public let checked: SelectionCoverage
    /// Each selection that shows a problem, with the problems it shows; no override of a
    /// selection can be removed and its problems still show.
    public let failures: [Failure]

    /// Each failing selection's problems under a `versions …:` heading, then a count.
    public var description: String {
        let sections = failures.map(\.description)
        let problems = failures.reduce(0) { $0 + $1.problems.count }
        let under = failures.count == 1 ? "1 selection" : "\(failures.count) selections"
        let found =
            problems == 1
            ? "1 problem, under the selection that shows it"
            : "\(problems) problems, each under a selection that shows it (\(under))"
        return (sections + ["\(found), among \(checked)"]).joined(separator: "\n\n")
    }
}
