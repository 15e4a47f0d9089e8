import Container
import Foundation
import Testing

/// How many stores the example opened.
private let storesOpened = Counter()

/// The "Asynchronous set-up" example of the README and of the DocC article, kept true: both
/// show this block, and the test runs it.
@Suite("Asynchronous set-up example")
struct AsynchronousSetUpExampleTests {
    private static let example = """
        struct StoreModule: Module {
            func configure(_ binder: Binder) {
                binder.bind(StoreSettings.self, toInstance: StoreSettings(path: "shop.sqlite"))
                binder.bind(Store.self) { (settings: StoreSettings) async throws in
                    try await Store.open(at: settings.path)
                }.scope(.eagerSingleton)
                binder.bind(OrderHistory.self, to: OrderHistory.init)      // needs Store first: asynchronous too
                binder.bind(ReceiptPrinter.self, to: ReceiptPrinter.init)  // takes AsyncProvider<Store>: synchronous
            }
        }

        // In an async function: top-level code would pick the synchronous forms (see below).
        func openShop() async throws -> (injector: Injector, history: OrderHistory, printer: ReceiptPrinter) {
            let injector = try await Injector.start(modules: [StoreModule()])  // opens the store before it returns
            print(injector.explain(OrderHistory.self))
            // The injector goes back too: the printer's AsyncProvider builds from it while it lives.
            return (injector, try await injector.resolveAsync(OrderHistory.self), try await injector.resolveAsync(ReceiptPrinter.self))
        }
        """

    @Test(
        "The README and the DocC article show the same example",
        arguments: [
            "README.md", "Sources/Container/Container.docc/AsynchronousSetUp.md",
        ])
    func documentsShowIt(_ document: String) throws {
        let text = try repositoryText(document)
        #expect(text.contains("```swift\n\(Self.example)\n```"))
    }

    @Test("The example runs as written: the store opens at start-up, once")
    func exampleRuns() async throws {
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

        let (injector, history, printer) = try await openShop()
        #expect(storesOpened.value == 1)
        #expect(history.store.path == "shop.sqlite")
        #expect(try await printer.store() === history.store)
        #expect(storesOpened.value == 1)
        #expect(
            injector.explain(OrderHistory.self).description.contains(
                "asynchronous: it needs Store, built first, which is asynchronous"))
        #expect(injector.startUpProfile.entries.map(\.key) == [.of(Store.self)])
    }
}
