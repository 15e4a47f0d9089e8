import Container
import ContainerTesting
import Foundation
import Testing

/// The errors of ContainerTesting's traits (G5xx) as the DocC article "Diagnostics" shows them:
/// each example there is what the error prints, byte for byte.
@Suite("Diagnostics article: the traits' errors")
struct TraitDiagnosticsArticleTests {
    /// Where the examples say the traits are written.
    static let outer = SourceLocation(
        fileID: "ShopTests/CheckoutTests.swift", filePath: "/ShopTests/CheckoutTests.swift", line: 12, column: 1)
    static let trait = SourceLocation(
        fileID: "ShopTests/CheckoutTests.swift", filePath: "/ShopTests/CheckoutTests.swift", line: 30, column: 5)

    /// Each identifier with the error that shows it.
    static func examples() async throws -> [(DiagnosticID, String)] {
        let invalid = #expect(throws: ValidationError.self) { try Injector(modules: [BrokenModule()]) }
        let validation = try #require(invalid)
        let injector = try Injector(modules: [])
        let unresolvable = Injector.$current.withValue(injector) { Screen().$clock }
        guard case .failure(let inject) = unresolvable else { throw CancellationError() }
        let errors: [InjectorTraitError] = [
            .noInjectorGiven, .noEnclosingInjector, .nested(outer: outer), .givenInjectorFailed(validation),
            .modulesFailed(versions: VersionSelection(default: "v1"), validation),
            .childFailed(validation, trait: trait), .injectFailed(inject, trait: trait),
        ]
        return errors.map { ($0.diagnosticID, $0.description) }
    }

    @Test("Each trait error's example in the article is what it prints")
    func traitErrors() async throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/Container/Container.docc/Diagnostics.md")
        var article = try String(contentsOf: url, encoding: .utf8)
        let examples = try await Self.examples()
        // The record mode of ContainerTests' DiagnosticsArticleTests, for these examples too.
        if ProcessInfo.processInfo.environment["GRAFT_RECORD_DIAGNOSTICS"] != nil {
            for (id, example) in examples {
                guard let heading = article.range(of: "\n### \(id):"),
                    let open = article.range(of: "\n```\n", range: heading.upperBound..<article.endIndex),
                    let close = article.range(of: "\n```\n", range: open.upperBound..<article.endIndex)
                else { continue }
                article.replaceSubrange(open.upperBound..<close.lowerBound, with: example)
            }
            try article.write(to: url, atomically: true, encoding: .utf8)
            return
        }
        #expect(examples.map(\.0.code) == (501...507).map { "G\($0)" })
        for (id, text) in examples {
            let section = try #require(
                article.components(separatedBy: "\n### \(id):").dropFirst().first, "no section for \(id)")
            #expect(section.components(separatedBy: "\n```\n").dropFirst().first == text, "\(id)'s example differs")
        }
    }
}
