import Container
import Foundation
import Testing

/// The README's quick start is `Examples/QuickStart/main.swift`, and its output block is what
/// the built example prints, so the README stays true.
@Suite("README")
struct ReadmeTests {
    private static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    private func readme() throws -> String {
        try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
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
        let source = try String(contentsOf: Self.root.appendingPathComponent("Examples/QuickStart/main.swift"), encoding: .utf8)
        let program = source.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().joined(separator: "\n")
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

    @Test("The README's opaque-factory example runs as written: the resolver serves what needs: declares")
    func opaqueExample() throws {
        let shown = try block(after: "declares what it may ask for instead:\n\n```swift\n", in: readme())
        #expect(shown == """
            binder.bind(Storage.self, needs: Settings.self, Provider<DiskStorage>.self) { resolver in
                let settings = try resolver.resolve(Settings.self)
                return settings.inMemory ? MemoryStorage() : try resolver.resolve(Provider<DiskStorage>.self)()
            }
            binder.bind(Report.self, needs: [.of(Database.self, named: "replica")]) { resolver in
                Report(database: try resolver.resolve(Database.self, named: "replica"))
            }
            """)
        for inMemory in [true, false] {
            let injector = try makeInjector { binder in
                binder.bind(Settings.self, toInstance: Settings(inMemory: inMemory))
                binder.bind(DiskStorage.self, to: DiskStorage.init)
                binder.bind(Database.self, toInstance: Database(name: "replica")).named("replica")
                binder.bind(Storage.self, needs: Settings.self, Provider<DiskStorage>.self) { resolver in
                    let settings = try resolver.resolve(Settings.self)
                    return settings.inMemory ? MemoryStorage() : try resolver.resolve(Provider<DiskStorage>.self)()
                }
                binder.bind(Report.self, needs: [.of(Database.self, named: "replica")]) { resolver in
                    Report(database: try resolver.resolve(Database.self, named: "replica"))
                }
            }
            #expect(try injector.resolve(Storage.self).kind == (inMemory ? "memory" : "disk"))
            #expect(try injector.resolve(Report.self).database.name == "replica")
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
}

private struct Settings: Sendable { let inMemory: Bool }
private protocol Storage: Sendable { var kind: String { get } }
private final class DiskStorage: Storage { let kind = "disk" }
private final class MemoryStorage: Storage { let kind = "memory" }
private final class Database: Sendable { let name: String; init(name: String) { self.name = name } }
private final class Report: Sendable { let database: Database; init(database: Database) { self.database = database } }
