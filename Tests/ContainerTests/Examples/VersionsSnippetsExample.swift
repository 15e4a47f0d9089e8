import Container
import Testing

// The short examples of the DocC article "Versions", on the photo library of
// VersionsExample.swift: the text between each pair of markers is quoted there byte for byte
// (DocumentationExamplesTests checks it), and compiled and run here.

// example:begin
func reviewGraph(saved: GraphSnapshot) -> [GraphChange] {
    let current = Injector.graph(modules: LibraryModules.all, versions: .buildDefault("v2")).snapshot
    let changes = current.changes(from: saved)
    for change in changes { print(change) }  // ~ PhotoStore: scope transient -> singleton (lives longer)
    return changes
}
// example:end

// example:begin
/// `text` as a command line or an environment variable spells it: "v2,PhotoStore=v1".
func parsedSelection(_ text: String, modules: [any Module]) -> VersionSelection? {
    do {
        return try VersionSelection(parsing: text, in: Injector.graph(modules: modules))
    } catch {  // error is a SelectionParseError
        if case .unknownService(let name, let known) = error.reason { print("no \(name); try one of \(known)") }
        return nil
    }
}
// example:end

// example:begin
func libraryWithTheDeviceStore() throws -> Injector {
    let versions = VersionSelection(default: "v3", overrides: [.of(PhotoStore.self): "v1"])
    let injector = try Injector(modules: LibraryModules.all, versions: versions)
    print(injector.explain(PhotoStore.self))  // which binding, version and scope, and why
    return injector
}
// example:end

/// The photo library's modules, as the app lists them.
enum LibraryModules {
    static var all: [any Module] { [LibraryV1(), LibraryV2(), LibraryV3()] }
    /// The same library before v2's store became a singleton: what a saved snapshot recorded.
    static var beforeTheSingleton: [any Module] { [LibraryV1(), LibraryV2Before(), LibraryV3()] }
}

/// v2 as it was: its synced store transient.
struct LibraryV2Before: Module {
    func configure(_ binder: Binder) {
        binder.bind(PhotoStore.self, to: SyncedPhotoStore.init).version("v2")
        binder.bind(PhotoBackup.self, to: CloudPhotoBackup.init).version("v2")
    }
}
