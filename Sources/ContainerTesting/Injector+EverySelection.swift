import Container
import Testing

extension Injector {
    /// Checks that the graph of `modules` validates under every combination of its versions,
    /// and records one issue for each selection that does not. The issue's text names the
    /// selection and the problem, then lists the problem's path and fix (or, with several
    /// problems, each of them). It builds nothing and runs no factory.
    ///
    /// ```swift
    /// @Test func everyGenerationValidates() {
    ///     Injector.expectEverySelectionValidates(modules: AppComposition.modules)
    /// }
    /// ```
    ///
    /// XCTest has the same check as `XCTAssertEverySelectionValidates(modules:file:line:)`.
    /// - Parameters:
    ///   - modules: The modules whose graph to check, as `Injector.validateEverySelection(modules:)` takes them.
    ///   - sourceLocation: Where the issues point; leave it out.
    /// - Returns: What was checked: every combination of the graph's versions.
    @discardableResult
    public static func expectEverySelectionValidates(
        modules: [any Module],
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> SelectionCoverage {
        do {
            return try validateEverySelection(modules: modules)
        } catch {
            for failure in error.failures {
                Issue.record(SelectionIssue(failure: failure), sourceLocation: sourceLocation)
            }
            return error.checked
        }
    }
}
