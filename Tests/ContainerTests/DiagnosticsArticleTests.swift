import Container
import Foundation
import Synchronization
import Testing

/// The DocC article "Diagnostics" explains every identifier, and each example it shows is what
/// that diagnostic prints (see DiagnosticsExample.swift).
///
/// After a change to the wording or to the example files (a site's line moves), write the
/// examples into the article anew, then run the tests again to see them pass:
/// `GRAFT_RECORD_DIAGNOSTICS=1 swift test --no-parallel --filter "[Dd]iagnostics"`.
@Suite("Diagnostics article", .serialized)
struct DiagnosticsArticleTests {
    static let article = "Sources/Container/Container.docc/Diagnostics.md"

    /// Each identifier's section of the article: its heading's title and the first block of
    /// output after it.
    static func sections() throws -> [DiagnosticID: (title: String, example: String)] {
        var sections: [DiagnosticID: (title: String, example: String)] = [:]
        for section in try repositoryText(article).components(separatedBy: "\n### ").dropFirst() {
            let heading = section.prefix { $0 != "\n" }
            let id = DiagnosticID(String(heading.prefix { $0 != ":" }))
            let blocks = section.components(separatedBy: "\n```\n")
            sections[id] = (String(heading), blocks.count > 1 ? blocks[1] : "")
        }
        return sections
    }

    /// Checks that the article's example of each identifier is `examples`' text for it; in
    /// record mode, writes them into the article instead.
    static func check(_ examples: [(DiagnosticID, String)]) throws {
        if ProcessInfo.processInfo.environment["GRAFT_RECORD_DIAGNOSTICS"] != nil {
            try record(examples, in: repositoryRoot.appendingPathComponent(article))
            return
        }
        let sections = try sections()
        for (id, text) in examples {
            let section = try #require(sections[id], "the article has no section for \(id)")
            #expect(section.example == text, "\(id)'s example in the article differs from what it prints")
            #expect(text.contains("[\(id)]"), "\(id)'s example does not print its identifier")
        }
    }

    @Test("Each validation problem's example is what validation reports")
    func graphProblems() throws {
        let examples = DiagnosticExamples.graphProblems()
        #expect(Set(examples.map(\.0)) == Set(GraphProblem.Kind.allCases.map(\.diagnosticID)))
        try Self.check(examples)
    }

    @Test("Each resolution error's example is what resolving prints")
    func resolutionErrors() async throws {
        try Self.check(try await DiagnosticExamples.resolutionErrors())
    }

    @Test("The shutdown error's example is what a shutdown throws")
    func shutdownErrors() async throws {
        try Self.check(try await DiagnosticExamples.shutdownErrors())
    }

    @Test("Each selection error's example is what reading the selection says")
    func selectionErrors() throws {
        try Self.check(DiagnosticExamples.selectionErrors())
    }

    @Test("Each test trait's error's example is what it prints")
    func traitErrors() throws {
        let examples = try DiagnosticExamples.traitErrors()
        #expect(examples.map(\.0.code) == (501...507).map { "G\($0)" })
        try Self.check(examples)
    }

    @Test("The article has a section for each identifier and no other, in order")
    func everyIdentifier() throws {
        let ids = try Self.sections().keys.map(\.code).sorted()
        let expected =
            (101...114).map { "G\($0)" } + (201...213).map { "G\($0)" } + ["G301", "G302"]
            + (401...406).map { "G\($0)" } + (501...507).map { "G\($0)" } + ["G601"]
        #expect(ids == expected)
    }
}

/// Writes each example into the section of its identifier in the article at `url`, replacing
/// the first block of output there: the record mode of the article's tests.
func record(_ examples: [(DiagnosticID, String)], in url: URL) throws {
    try recording.withLock { _ in
        var text = try String(contentsOf: url, encoding: .utf8)
        for (id, example) in examples {
            guard let heading = text.range(of: "\n### \(id):"),
                let open = text.range(of: "\n```\n", range: heading.upperBound..<text.endIndex),
                let close = text.range(of: "\n```\n", range: open.upperBound..<text.endIndex)
            else { continue }
            text.replaceSubrange(open.upperBound..<close.lowerBound, with: example)
        }
        try text.write(to: url, atomically: true, encoding: .utf8)
    }
}

/// Serializes the record mode's writes, which tests of several suites make.
private let recording = Mutex(())
