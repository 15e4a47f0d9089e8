import Container
import XCTest

/// Checks that the graph of `modules` validates under every combination of its versions,
/// and fails the test once for each selection that does not, at the caller's line. Each
/// failure's message names the selection and the problem, then lists the problem's path and
/// fix (or, with several problems, each of them). It builds nothing and runs no factory.
///
/// ```swift
/// final class CompositionTests: XCTestCase {
///     func testEveryGenerationValidates() {
///         XCTAssertEverySelectionValidates(modules: AppComposition.modules)
///     }
/// }
/// ```
///
/// It is the XCTest form of `Injector.expectEverySelectionValidates(modules:sourceLocation:)`.
/// - Parameters:
///   - modules: The modules whose graph to check, as `Injector.validateEverySelection(modules:)` takes them.
///   - file: The file the failures point at; leave it out.
///   - line: The line the failures point at; leave it out.
/// - Returns: What was checked: every combination of the graph's versions.
// XCTest names its assertions XCTAssert…, and this one reads as one of them.
// swift-format-ignore: AlwaysUseLowerCamelCase
@discardableResult
public func XCTAssertEverySelectionValidates(
    modules: [any Module], file: StaticString = #filePath, line: UInt = #line
) -> SelectionCoverage {
    do {
        return try Injector.validateEverySelection(modules: modules)
    } catch {
        for failure in error.failures {
            XCTFail(SelectionIssue(failure: failure).description, file: file, line: line)
        }
        return error.checked
    }
}
