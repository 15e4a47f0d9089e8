import Container
import Foundation
import Testing

// The examples of the DocC article "Asynchronous set-up": the text between each pair of markers
// is quoted there byte for byte (AsynchronousSetUpExampleTests
// checks it), and compiled and run here.

// example:begin
struct StoreModule: Module {
    func configure(_ binder: Binder) {
        binder.bind(StoreSettings.self, toInstance: StoreSettings(path: "shop.sqlite"))
        binder.bind(Store.self) { (settings: StoreSettings) async throws in
            try await Store.open(at: settings.path)
        }.scope(.eagerSingleton)
        binder.bind(OrderHistory.self, to: OrderHistory.init)  // needs Store first: asynchronous too
        binder.bind(ReceiptPrinter.self, to: ReceiptPrinter.init)  // takes AsyncProvider<Store>: synchronous
    }
}

// In an async function: top-level code would pick the synchronous forms (see below).
func openShop() async throws -> (injector: Injector, history: OrderHistory, printer: ReceiptPrinter) {
    let injector = try await Injector.start(modules: [StoreModule()])  // opens the store before it returns
    print(injector.explain(OrderHistory.self))
    // The injector goes back too: the printer's AsyncProvider builds from it while it lives.
    return (
        injector, try await injector.resolveAsync(OrderHistory.self),
        try await injector.resolveAsync(ReceiptPrinter.self)
    )
}
// example:end

// example:begin
@MainActor final class SettingsViewModel {
    let api: SettingsAPI
    init(api: SettingsAPI) { self.api = api }
}

final class SettingsLoader: Sendable {  // not on the main actor: awaits the view model
    let model: AsyncProvider<SettingsViewModel>
    init(model: AsyncProvider<SettingsViewModel>) { self.model = model }
}

struct SettingsModule: Module {
    func configure(_ binder: Binder) {
        binder.bind(SettingsAPI.self, to: SettingsAPI.init)
        binder.bind(SettingsViewModel.self, to: SettingsViewModel.init).scope(.singleton)
        binder.bind(SettingsLoader.self, to: SettingsLoader.init)
    }
}

func loadSettings() async throws -> (injector: Injector, model: SettingsViewModel, loaded: SettingsViewModel) {
    let injector = try await Injector.start(modules: [SettingsModule()])
    let model = try await MainActor.run {  // on the main actor: built right here
        try injector.resolve(SettingsViewModel.self)
    }
    let loaded = try await Task.detached {  // anywhere else: await hops to the main actor
        try await injector.resolveAsync(SettingsLoader.self).model()
    }.value
    print(model === loaded, injector.explain(SettingsViewModel.self))
    return (injector, model, loaded)
}
// example:end

/// How many stores the example opened.
let storesOpened = Counter()

struct StoreSettings: Sendable { let path: String }
final class Store: Sendable {
    let path: String
    init(path: String) { self.path = path }
    static func open(at path: String) async throws -> Store {
        storesOpened.next()
        await Task.yield()
        return Store(path: path)
    }
}
final class OrderHistory: Sendable {
    let store: Store
    init(store: Store) { self.store = store }
}
final class ReceiptPrinter: Sendable {
    let store: AsyncProvider<Store>
    init(store: AsyncProvider<Store>) { self.store = store }
}

final class SettingsAPI: Sendable {}
