import Container
import Foundation
import Testing

/// Keeps the "Versions" example true: the DocC article quotes the compiled file, and
/// it runs as its comments say.
@Suite("Versions example")
struct VersionsExampleTests {
    /// The text between the markers of `VersionsExample.swift`.
    static func example() throws -> String {
        try exampleText("VersionsExample.swift")
    }

    @Test("Each generation's screen has what that generation has")
    func generations() throws {
        let v1 = try libraryScreen("v1")
        #expect(v1.store.kind == "device" && v1.backup == nil && v1.export != nil)
        let v2 = try libraryScreen("v2")
        #expect(v2.store.kind == "synced" && v2.backup != nil && v2.export != nil)
        let v3 = try libraryScreen("v3")
        #expect(v3.store.kind == "synced" && v3.backup != nil && v3.export == nil)
    }

    @Test("The printed reason is the one the comment shows")
    func reason() throws {
        let injector = try Injector(
            modules: [LibraryV1(), LibraryV2(), LibraryV3()], versions: VersionSelection(default: "v1"))
        let comment = try #require(Self.example().split(separator: "\n").first { $0.contains("// v1: not served") })
        #expect(comment.hasSuffix("// v1: \(injector.explain((any PhotoBackup).self).reason)"))
    }

    @Test("What is checked: every combination of the services that declare versions")
    func selections() throws {
        let checked = try Injector.validateEverySelection(modules: [LibraryV1(), LibraryV2(), LibraryV3()])
        #expect(checked.services.map(\.description) == ["PhotoStore", "FlickrExport", "PhotoBackup"])
        #expect(checked.description == "every combination of 3 services across v1–v3 (27 selections)")
    }
}
