import Container
import Testing

/// Keeps the named-collection example true: the DocC articles quote the compiled file,
/// and it runs and explains itself as its comments say.
@Suite("Named collections example")
struct NamedCollectionsExampleTests {
    /// The text between the markers of `NamedCollectionsExample.swift`.
    static func example() throws -> String {
        try exampleText("NamedCollectionsExample.swift")
    }

    @Test("The compliance trail gets the named list, the unnamed list only its own item, as the comments say")
    func lists() throws {
        let (compliance, everyday) = try trackers()
        #expect(compliance.map(\.name) == ["ledger", "console"])
        #expect(everyday.map(\.name) == ["console"])
    }

    @Test("The printed explanation is the one the comment shows")
    func explanation() throws {
        let injector = try Injector(modules: [TrackingModule()])
        let lines = try Self.example().split(separator: "\n", omittingEmptySubsequences: false)
        let start = try #require(lines.firstIndex { $0.contains("// [any Tracker] named") })
        let comment = lines[start...].prefix { $0.hasPrefix("    //") }
            .map { $0.dropFirst("    // ".count) }.joined(separator: "\n")
        #expect(comment == injector.explain([any Tracker].self, named: Compliance.name).description)
    }
}
