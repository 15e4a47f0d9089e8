import Container
import Testing

// The example of the DocC article "Versions": the text between the markers is quoted there
// byte for byte (DocumentationExamplesTests checks it), and compiled and run here.

// example:begin
/// v1: photos on the device, and an export to Flickr.
struct LibraryV1: Module {
    func configure(_ binder: Binder) {
        binder.bind(PhotoStore.self, to: DevicePhotoStore.init).version("v1")
        binder.bind(FlickrExport.self, to: FlickrExporter.init).version("v1")
        // Backup and export are optional: each generation has what it has.
        binder.bind(LibraryScreen.self) {
            (store: any PhotoStore, backup: (any PhotoBackup)?, export: (any FlickrExport)?) in
            LibraryScreen(store: store, backup: backup, export: export)
        }
    }
}

/// v2 adds a cloud backup and keeps v1's export: it binds only what is new or changed.
struct LibraryV2: Module {
    func configure(_ binder: Binder) {
        binder.bind(PhotoStore.self, to: SyncedPhotoStore.init).version("v2").scope(.singleton)
        binder.bind(PhotoBackup.self, to: CloudPhotoBackup.init).version("v2")
    }
}

/// v3 retires the Flickr export.
struct LibraryV3: Module {
    func configure(_ binder: Binder) {
        binder.retire(FlickrExport.self, from: "v3")
    }
}

// One line in a test checks every combination of versions, and builds nothing.
@Test func everyGenerationValidates() throws {
    try Injector.validateEverySelection(modules: [LibraryV1(), LibraryV2(), LibraryV3()])
}

func libraryScreen(_ generation: String) throws -> LibraryScreen {
    let injector = try Injector(
        modules: [LibraryV1(), LibraryV2(), LibraryV3()],
        versions: VersionSelection(default: generation))
    print(injector.explain(PhotoBackup.self).reason)
    // v1: not served under v1 (run-time default): bound only in v2 (ContainerTests/VersionsExample.swift:25)
    return try injector.resolve(LibraryScreen.self)  // v1: no backup; v2: both; v3: no export
}
// example:end

protocol PhotoStore: Sendable { var kind: String { get } }
protocol PhotoBackup: Sendable {}
protocol FlickrExport: Sendable {}
final class DevicePhotoStore: PhotoStore { let kind = "device" }
final class SyncedPhotoStore: PhotoStore { let kind = "synced" }
final class CloudPhotoBackup: PhotoBackup { init(store: any PhotoStore) {} }
final class FlickrExporter: FlickrExport {}
final class LibraryScreen: Sendable {
    let store: any PhotoStore
    let backup: (any PhotoBackup)?
    let export: (any FlickrExport)?
    init(store: any PhotoStore, backup: (any PhotoBackup)?, export: (any FlickrExport)?) {
        self.store = store
        self.backup = backup
        self.export = export
    }
}
