import Container
import Testing

/// Plain settings: a synchronous singleton that `async` code resolves without `await`.
final class AppSettings: Sendable {
    let serial: Int
    init(serial: Int) { self.serial = serial }
}

/// A detail screen made from a run-time argument.
final class OrderScreen: Sendable {
    let order: String
    init(order: String) { self.order = order }
}

/// The forms that may suspend have names of their own, so this file — every test in it an
/// `async` function — calls the synchronous `resolve`, `Injector(modules:)` and `child`
/// without `await`. That it compiles without a warning is half of each test.
@Suite("Synchronous forms in async code")
struct AsyncNamingTests {
    private static func shop(_ counter: Counter) -> TestModule {
        TestModule { binder in
            binder.bind(AppSettings.self) { AppSettings(serial: counter.next()) }.scope(.singleton)
            binder.bind(Warehouse.self) { () async in await Warehouse.open(serial: counter.next()) }.scope(.singleton)
            binder.bind(Inventory.self, to: Inventory.init)
            binder.bind(OrderScreen.self, arguments: String.self) { (order: String) in OrderScreen(order: order) }
                .scope(.singleton)
        }
    }

    @Test("An async test resolves a synchronous singleton with plain try, and an asynchronous one with resolveAsync")
    func synchronousResolveInAsyncCode() async throws {
        let counter = Counter()
        let injector = try Injector(modules: [Self.shop(counter)])
        let settings = try injector.resolve(AppSettings.self)
        #expect(try injector.resolve(AppSettings.self) === settings)
        #expect(try await injector.resolveAsync(AppSettings.self) === settings)
        let store = try await injector.resolveAsync(Warehouse.self)
        #expect(try await injector.resolveAsync(Inventory.self).store === store)
        #expect(counter.value == 2)
    }

    @Test("In async code the synchronous resolve of an asynchronous binding throws .asynchronous, naming resolveAsync")
    func synchronousRefusalInAsyncCode() async throws {
        let injector = try Injector(modules: [Self.shop(Counter())])
        let error = #expect(throws: ResolutionError.self) { try injector.resolve(Inventory.self) }
        guard case .asynchronous(let chain) = error?.reason else {
            Issue.record("expected .asynchronous, got \(String(describing: error))")
            return
        }
        #expect(chain == [.of(Inventory.self), .of(Warehouse.self)])
        #expect(
            error?.description.contains("fix: resolve it with try await injector.resolveAsync(Inventory.self)") == true)
    }

    @Test("On the main actor, an async test builds a main-actor binding with the synchronous resolve")
    @MainActor
    func mainActorInAsyncCode() async throws {
        let injector = try Injector(modules: [
            TestModule { binder in
                binder.bind(APIClient.self, to: APIClient.init)
                binder.bind(Transport.self, to: FakeTransport.init)
                binder.bind(Counter.self, toInstance: Counter())
                binder.bind(ProfileViewModel.self, onMainActor: ProfileViewModel.init).scope(.singleton)
            }
        ])
        let model = try injector.resolve(ProfileViewModel.self)
        #expect(model.builtOnMainActor)
        #expect(try await injector.resolveAsync(ProfileViewModel.self) === model)
    }

    @Test(
        "A synchronous child in async code needs no await; startChild builds the child's asynchronous eager singletons")
    func childrenInAsyncCode() async throws {
        let counter = Counter()
        let injector = try Injector(modules: [Self.shop(counter)])
        let child = try injector.child { binder in
            binder.bind(AppSettings.self, toInstance: AppSettings(serial: 100))
        }
        #expect(try child.resolve(AppSettings.self).serial == 100)
        let started = try await injector.startChild { binder in
            binder.bind(Warehouse.self) { () async in await Warehouse.open(serial: 200) }.scope(.eagerSingleton)
        }
        #expect(started.startUpProfile.entries.map(\.key) == [.of(Warehouse.self)])
        #expect(try await started.resolveAsync(Warehouse.self).serial == 200)
        let refused = #expect(throws: ResolutionError.self) {
            _ = try injector.child { binder in
                binder.bind(Warehouse.self) { () async in await Warehouse.open(serial: 300) }.scope(.eagerSingleton)
            }
        }
        #expect(refused?.description.contains("or the child with try await injector.startChild { ... }") == true)
    }

    @Test("Injector.start builds asynchronous eager singletons before it returns; the synchronous initializer names it")
    func startInAsyncCode() async throws {
        let counter = Counter()
        let eager = TestModule { binder in
            binder.bind(Warehouse.self) { () async in await Warehouse.open(serial: counter.next()) }.scope(
                .eagerSingleton)
        }
        let injector = try await Injector.start(modules: [eager])
        #expect(counter.value == 1)
        #expect(try await injector.resolveAsync(Warehouse.self).serial == 1)
        let refused = #expect(throws: ResolutionError.self) { _ = try Injector(modules: [eager]) }
        #expect(
            refused?.description.hasPrefix(
                "error: Injector(modules:) and child(strict:_:) start synchronously, so they cannot build the asynchronous eager singleton Warehouse [G212]\n"
            ) == true)
        #expect(
            refused?.description.contains("fix: build the injector with try await Injector.start(modules:)") == true)
    }

    @Test("resolveAsync with run-time arguments serves the binding that resolve(_:arguments:) and its Factory serve")
    func argumentsInAsyncCode() async throws {
        let injector = try Injector(modules: [Self.shop(Counter())])
        let first = try await injector.resolveAsync(OrderScreen.self, arguments: "A-17")
        #expect(first.order == "A-17")
        #expect(try injector.resolve(OrderScreen.self, arguments: "A-17") === first)
        #expect(try injector.resolve(Factory<String, OrderScreen>.self)("A-17") === first)
        #expect(try await injector.resolveAsync(OrderScreen.self, arguments: "B-2") !== first)
        let mismatch = await #expect(throws: ResolutionError.self) {
            _ = try await injector.resolveAsync(OrderScreen.self, arguments: 17)
        }
        #expect(
            mismatch?.description.hasPrefix(
                "error: OrderScreen takes run-time arguments (String), but was asked for with (Int)") == true)
    }
}
