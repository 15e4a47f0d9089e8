import Foundation
import Testing

/// The README's quick start is `Examples/QuickStart/main.swift`, its output block is what the
/// built example prints, and its installation names what Package.swift declares, so the README
/// stays true.
@Suite("README")
struct ReadmeTests {
    private func readme() throws -> String {
        try repositoryText("README.md")
    }

    /// The body of the first fenced block that starts right after `marker`.
    private func block(after marker: String, in text: String) throws -> String {
        let start = try #require(text.range(of: marker), "README has no \(marker)")
        let rest = text[start.upperBound...]
        let end = try #require(rest.range(of: "\n```"), "block after \(marker) is not closed")
        return String(rest[..<end.lowerBound]).trimmingCharacters(in: .newlines)
    }

    @Test("The README's example is the QuickStart program")
    func exampleIsQuickStart() throws {
        let source = try repositoryText("Examples/QuickStart/main.swift")
        let program = source.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().joined(
            separator: "\n")
        let shown = try block(after: "```swift\n", in: readme())
        #expect(shown == program.trimmingCharacters(in: .newlines))
    }

    @Test("The README's output block is what QuickStart prints")
    func outputIsReal() throws {
        let binary = try #require(Self.builtProduct("QuickStart"), "build QuickStart first: swift build")
        let process = Process()
        process.executableURL = binary
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let shown = try block(after: "$ swift run QuickStart\n", in: readme())
        #expect(String(decoding: output, as: UTF8.self).trimmingCharacters(in: .newlines) == shown)
    }

    @Test(
        "The package lines the README and the Testing article show name the products and platforms Package.swift declares"
    )
    func packageLines() throws {
        let manifest = try repositoryText("Package.swift")
        #expect(manifest.contains(#".library(name: "Container", targets: ["Container"])"#))
        #expect(manifest.contains(#".library(name: "ContainerTesting", targets: ["ContainerTesting"])"#))
        #expect(manifest.contains("platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11)]"))
        let readme = try readme()
        #expect(readme.contains(#"dependencies: [.product(name: "Container", package: "Graft")]"#))
        #expect(readme.contains("It runs on macOS 15, iOS 18,\ntvOS 18 and watchOS 11 or later"))
        let testing = try repositoryText("Sources/Container/Container.docc/Testing.md")
        #expect(testing.contains(#".product(name: "ContainerTesting", package: "Graft")"#))
        // The settings the default-isolation article shows are those the quick start is built with.
        let article = try repositoryText("Sources/Container/Container.docc/DefaultMainActorIsolation.md")
        let settings = article.components(separatedBy: "swiftSettings: [\n")[1].components(separatedBy: "]\n")[0]
        #expect(settings.split(separator: "\n").count == 3)
        for line in settings.split(separator: "\n") {
            #expect(manifest.contains(line), "Package.swift's appTargetSettings lacks \(line)")
        }
    }

    /// A product built next to this test bundle.
    static func builtProduct(_ name: String) -> URL? {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder.deleteLastPathComponent()
        }
        return nil
    }

    @Test("The README's Project status names every public type of Container")
    func projectStatusListsEveryPublicType() throws {
        let readme = try repositoryText("README.md")
        let status =
            try #require(readme.components(separatedBy: "## Project status").dropFirst().first)
            .components(separatedBy: "Before 1.0").first ?? ""
        let folder = repositoryRoot.appendingPathComponent("Sources/Container")
        let files = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? []
        let pattern = /(?m)^public (?:final class|class|struct|enum|protocol|actor) (\w+)/
        let types = try files.filter { $0.hasSuffix(".swift") }
            .flatMap { try repositoryText("Sources/Container/\($0)").matches(of: pattern).map { String($0.output.1) } }
        #expect(types.count > 30)
        for type in types.sorted() {
            #expect(
                status.contains("`\(type)`") || status.contains("`\(type) "), "README's Project status misses \(type)")
        }
    }
}
