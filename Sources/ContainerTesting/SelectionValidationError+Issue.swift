import Container

/// One failing selection of `Injector.validateEverySelection(modules:)`, as a test issue:
/// its text starts with the selection and the problem, so that a test report's one-line view
/// of the issue names both.
struct SelectionIssue: Error, CustomStringConvertible {
    let failure: SelectionValidationError.Failure

    /// `the graph under versions v2 (Transport=v1) does not validate: no binding for Clock`,
    /// then the problem's path, notes and fix; with several problems, their count, then each.
    var description: String {
        let heading = "the graph under versions \(failure.selection) does not validate"
        guard failure.problems.count == 1, let problem = failure.problems.first else {
            return "\(heading): \(failure.problems.count) problems\n"
                + failure.problems.map(\.description).joined(separator: "\n\n")
        }
        // The diagnostic's first line is `error: ` and the message, which the heading now says.
        let diagnostic = problem.description
        let firstLine = "error: \(problem.message)"
        let rest = diagnostic.hasPrefix(firstLine) ? String(diagnostic.dropFirst(firstLine.count)) : "\n\(diagnostic)"
        return "\(heading): \(problem.message)\(rest)"
    }
}
