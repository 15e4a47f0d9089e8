import Container
import Foundation
import Testing

/// Keeps the examples of the DocC article "Asynchronous set-up" true: it quotes the compiled
/// file, and the examples run as their comments say.
@Suite("Asynchronous set-up examples")
struct AsynchronousSetUpExampleTests {
    @Test("The store opens at start-up, once; the history needs it first, the printer later")
    func openingTheShop() async throws {
        let (injector, history, printer) = try await openShop()
        #expect(storesOpened.value == 1)
        #expect(history.store.path == "shop.sqlite")
        #expect(try await printer.store() === history.store)
        #expect(storesOpened.value == 1)
        #expect(
            injector.explain(OrderHistory.self).description.contains(
                "asynchronous: it needs Store, built first, which is asynchronous"))
        #expect(injector.graph.nodes.first { $0.key == .of(ReceiptPrinter.self) }?.isAsynchronous == false)
        #expect(injector.startUpProfile.entries.map(\.key) == [.of(Store.self)])
    }

    @Test("One view model, built on the main actor, and refused synchronously off it")
    func mainActor() async throws {
        let (injector, model, loaded) = try await loadSettings()
        #expect(model === loaded)
        #expect(injector.explain(SettingsViewModel.self).description.contains("isolation: @MainActor"))
        let refused = try await Task.detached { () throws -> ResolutionError? in
            #expect(throws: ResolutionError.self) { try injector.resolve(SettingsViewModel.self) }
        }.value
        #expect(refused?.description.contains("is isolated to the main actor") == true)
    }
}
