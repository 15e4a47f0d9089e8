import Container
import Testing

// The examples of the DocC article "Default Main-Actor Isolation": the text between each pair
// of markers is quoted there byte for byte (DocumentationExamplesTests checks it), and compiled
// here with Xcode 26's settings for a new app target, and run.

// example:begin
protocol NotesStore {  // not Sendable, as an app target writes it
    func titles() -> [String]
}

final class MemoryNotesStore: NotesStore {  // no stored properties: its init is not isolated
    func titles() -> [String] { ["Groceries", "Ideas"] }
}

final class NotesViewModel {  // @MainActor, like every class of the target
    let store: any NotesStore
    init(store: any NotesStore) { self.store = store }
    var summary: String { store.titles().joined(separator: ", ") }
}

struct NotesModule: Module {
    func configure(_ binder: Binder) {
        binder.bind(NotesStore.self, to: MemoryNotesStore.init).scope(.singleton)
        binder.bind(NotesViewModel.self, to: NotesViewModel.init)
    }
}

enum NotesApp {
    static let modules: [any Module] = [NotesModule()]
}

func showNotes() async throws -> String {
    let injector = try await Injector.start(modules: NotesApp.modules)
    let model = try injector.resolve(NotesViewModel.self)  // on the main actor
    return model.summary
}
// example:end

// example:begin
final class ScriptedNotesStore: NotesStore {
    let script: [String]
    init(script: [String]) { self.script = script }
    func titles() -> [String] { script }
}

func previewInjector() throws -> Injector {
    try Injector(modules: NotesApp.modules).child { binder in
        binder.bind(NotesStore.self) { @MainActor in ScriptedNotesStore(script: ["Preview"]) }
    }
}
// example:end

// example:begin
final class LoggingNotesStore: NotesStore {
    let inner: any NotesStore
    init(_ inner: any NotesStore) { self.inner = inner }
    func titles() -> [String] { ["(logged)"] + inner.titles() }
}

func loggedInjector() throws -> Injector {
    try Injector(modules: NotesApp.modules).child { binder in
        binder.decorate(NotesStore.self, with: LoggingNotesStore.init)
    }
}
// example:end

@Suite("Default Main-Actor Isolation article")
struct DefaultIsolationExampleTests {
    @Test("The notes app starts and its view model reads the store")
    func notes() async throws {
        #expect(try await showNotes() == "Groceries, Ideas")
    }

    @Test("A preview's child replaces the store with a closure that says @MainActor")
    func preview() throws {
        let injector = try previewInjector()
        #expect(try injector.resolve(NotesViewModel.self).summary == "Preview")
        #expect(injector.explain(NotesStore.self).binding?.isMainActorIsolated == true)
    }

    @Test("A decorator written as a @MainActor initializer wraps the store")
    func decorated() throws {
        #expect(try loggedInjector().resolve(NotesViewModel.self).summary == "(logged), Groceries, Ideas")
    }
}
