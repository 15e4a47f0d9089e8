import Container
import Testing

/// Keeps the short examples of the DocC article "Versions" true: the article quotes the
/// compiled file, and they run as their comments say.
@Suite("Versions snippets examples")
struct VersionsSnippetsExampleTests {
    @Test("A snapshot saved before the store became a singleton shows that one change, as the comment says")
    func review() throws {
        let saved = Injector.graph(modules: LibraryModules.beforeTheSingleton, versions: .buildDefault("v2")).snapshot
        let changes = reviewGraph(saved: saved)
        let comment = try #require(
            exampleTexts("VersionsSnippetsExample.swift")[0].split(separator: "\n").first { $0.contains("// ~") })
        // The saved module is declared in this other file, hence the two moves beside the scope change.
        let scopes = changes.filter { if case .scopeChanged = $0 { true } else { false } }
        let moves = changes.filter { if case .moved = $0 { true } else { false } }
        #expect(scopes.count == 1 && moves.count == 2 && changes.count == 3)
        #expect(comment.hasSuffix("// \(scopes.map(\.description).joined())"))
        let now = Injector.graph(modules: LibraryModules.all, versions: .buildDefault("v2")).snapshot
        #expect(reviewGraph(saved: now).isEmpty)
    }

    @Test("The override pins the store to v1 under the v3 default, and explain says so")
    func override() throws {
        let injector = try libraryWithTheDeviceStore()
        let screen = try injector.resolve(LibraryScreen.self)
        #expect(screen.store.kind == "device" && screen.backup != nil && screen.export == nil)
        let explanation = injector.explain(PhotoStore.self)
        #expect(explanation.binding?.version == "v1")
        #expect(
            explanation.description.contains(
                "\n  why: selected v1 (run-time selection for PhotoStore); bound in that version"))
    }

    @Test("A selection the graph knows parses; an unknown service gives nil")
    func parsing() throws {
        let modules = LibraryModules.all
        let parsed = try #require(parsedSelection("v2,PhotoStore=v1", modules: modules))
        let injector = try Injector(modules: modules, versions: parsed)
        #expect(try injector.resolve(LibraryScreen.self).store.kind == "device")
        #expect(try injector.resolve(LibraryScreen.self).backup != nil)
        #expect(parsedSelection("v2,PhotoAlbum=v1", modules: modules) == nil)
    }
}
