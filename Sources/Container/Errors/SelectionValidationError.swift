/// The problems that ``Injector/validateEverySelection(modules:)`` found, each under the
/// selection it belongs to.
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

    /// Every selection that was checked, those without problems too.
    public let checked: [VersionSelection]
    /// The selections with problems, in the order they were checked.
    public let failures: [Failure]

    /// Each failing selection's problems under a `versions …:` heading, then a count.
    public var description: String {
        let sections = failures.map(\.description)
        let verb = failures.count == 1 ? "has" : "have"
        let count = "\(failures.count) of \(checked.count) version selections \(verb) problems"
        return (sections + [count]).joined(separator: "\n\n")
    }
}
