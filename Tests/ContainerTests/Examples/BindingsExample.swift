import Container

// The examples of the DocC article "Bindings and Resolving": the text between each pair of
// markers is quoted there byte for byte (DocumentationExamplesTests checks it), and compiled and run
// here. `APIClient`, `Clock` and `CartService` are the fixtures' small shop.

// example:begin
struct ReportingModule: Module {
    func configure(_ binder: Binder) {
        binder.bind(Storage.self, needs: StorageSettings.self, Provider<DiskStorage>.self) { resolver in
            let settings = try resolver.resolve(StorageSettings.self)
            return settings.inMemory ? MemoryStorage() : try resolver.resolve(Provider<DiskStorage>.self)()
        }
        binder.bind(SalesReport.self, needs: [.of(SalesDatabase.self, named: "replica")]) { resolver in
            SalesReport(database: try resolver.resolve(SalesDatabase.self, named: "replica"))
        }
    }
}
// example:end

// example:begin
func openReports(_ injector: Injector) throws -> (storage: any Storage, primary: any SalesDatabase) {
    let storage = try injector.resolve(Storage.self)
    let primary = try injector.resolve(SalesDatabase.self, named: "primary")
    return (storage, primary)
}
// example:end

// example:begin
struct ParcelsModule: Module {
    func configure(_ binder: Binder) {
        binder.bind(ParcelDetail.self, arguments: ParcelID.self) { (id: ParcelID, api: APIClient) in
            ParcelDetail(id: id, api: api)
        }
        binder.bind(ParcelsScreen.self, to: ParcelsScreen.init)
    }
}

final class ParcelsScreen: Sendable {
    let makeDetail: Factory<ParcelID, ParcelDetail>
    init(makeDetail: Factory<ParcelID, ParcelDetail>) { self.makeDetail = makeDetail }
    func open(_ id: ParcelID) throws -> ParcelDetail { try makeDetail(id) }
}

func parcel(_ injector: Injector) throws -> ParcelDetail {
    try injector.resolve(ParcelDetail.self, arguments: ParcelID("A-17"))
}
// example:end

// example:begin
struct MascotModule: Module {
    func configure(_ binder: Binder) {
        binder.bind(Parrot.self, arguments: String.self) { (name: String) in Parrot(name: name) }
            .scope(.singleton)
            .implements((any Mascot).self) { $0 }
    }
}

func polly(_ injector: Injector) throws -> (mascot: any Mascot, parrot: Parrot) {
    let mascot = try injector.resolve((any Mascot).self, arguments: "Polly")
    let parrot = try injector.resolve(Parrot.self, arguments: "Polly")  // the same Parrot as mascot
    return (mascot, parrot)
}
// example:end

// example:begin
enum ReadReplica: BindingName { static let name = "replica" }

struct DocumentsModule: Module {
    func configure(_ binder: Binder) {
        binder.bind(SalesDatabase.self, to: ReplicaSalesDatabase.init).named(ReadReplica.self)
        binder.bind(SalesReport.self) { (database: Named<ReadReplica, SalesDatabase>, clock: (any Clock)?) in
            SalesReport(database: database.value, clock: clock)
        }
        binder.bind(DocumentFile.self, to: DocumentFile.init)
            .scope(.singleton)
            .implements((any DocumentReader).self) { $0 }
            .implements((any DocumentWriter).self) { $0 }
    }
}
// example:end

// example:begin
final class CartBadge {  // made by a framework, so it cannot take constructor injection
    @Inject var cart: any CartService
}

func startApp(_ injector: Injector) {
    Injector.setDefault(injector)  // once, at start-up
}
// example:end

protocol Storage: Sendable { var kind: String { get } }
struct StorageSettings: Sendable { let inMemory: Bool }
final class DiskStorage: Storage { let kind = "disk" }
final class MemoryStorage: Storage { let kind = "memory" }

protocol SalesDatabase: Sendable { var role: String { get } }
final class PrimarySalesDatabase: SalesDatabase { let role = "primary" }
final class ReplicaSalesDatabase: SalesDatabase { let role = "replica" }
final class SalesReport: Sendable {
    let database: any SalesDatabase
    let clock: (any Clock)?
    init(database: any SalesDatabase, clock: (any Clock)? = nil) {
        self.database = database
        self.clock = clock
    }
}

struct ParcelID: Hashable, Sendable {
    let value: String
    init(_ value: String) { self.value = value }
}
final class ParcelDetail: Sendable {
    let id: ParcelID
    let api: APIClient
    init(id: ParcelID, api: APIClient) {
        self.id = id
        self.api = api
    }
}

protocol Mascot: Sendable { var name: String { get } }
final class Parrot: Mascot {
    let name: String
    init(name: String) { self.name = name }
}

protocol DocumentReader: Sendable {}
protocol DocumentWriter: Sendable {}
final class DocumentFile: DocumentReader, DocumentWriter { init() {} }
