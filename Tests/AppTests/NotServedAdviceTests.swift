@testable import App
import Container
import Testing

/// What a command needing a service that the selection does not serve says: worded from the
/// container's not-served fact, so a service added or retired by any generation is advised right.
@Suite("Advice for a service the selection does not serve")
struct NotServedAdviceTests {
    private struct Generations: Module {
        func configure(_ binder: Binder) {
            binder.bind(Int.self) { 3 }.version("v3")
            binder.bind(String.self) { "" }.version("v1")
            binder.retire(String.self, from: "v2")
        }
    }

    private func absence<T>(_ type: T.Type, under version: String) throws -> NotServed {
        let graph = Injector.graph(modules: [Generations()], versions: VersionSelection(default: version))
        return try #require(graph.notServed.first { $0.key == .of(type) })
    }

    @Test("A service bound only in a later version names that version, and the flags that select it")
    func boundLater() throws {
        let absence = try absence(Int.self, under: "v1")
        let site = try #require(absence.candidates.first).site
        #expect(site.fileID == "AppTests/NotServedAdviceTests.swift")
        #expect(
            AccountCommands.notServed(absence, for: "payment")
                == "payment needs Int, which is bound only in v3 (\(site)); select it with --impl v3 or --impl Int=v3")
    }

    @Test("A retired service says so, and offers no flag: no version serves it from there on")
    func retired() throws {
        let absence = try absence(String.self, under: "v2")
        let site = try #require(absence.retirement).site
        #expect(site.fileID == "AppTests/NotServedAdviceTests.swift")
        #expect(
            AccountCommands.notServed(absence, for: "payment")
                == "payment needs String, which is retired in v2 (\(site))")
    }
}
