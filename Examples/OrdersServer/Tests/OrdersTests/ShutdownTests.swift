import Container
import Foundation
import Logging
import ServiceLifecycle
import Testing

@testable import Orders

@Suite("Shutdown")
struct ShutdownTests {
    @Test("The graph says what closes at shutdown: the store, and V2's audit log")
    func whatCloses() {
        for (generation, closing) in [("v1", ["OrderStore"]), ("v2", ["OrderStore", "AuditLog"])] {
            let graph = Injector.graph(
                modules: TestComposition.modules, versions: VersionSelection(default: generation))
            #expect(graph.nodes.filter(\.closesAtShutdown).map(\.key.description) == closing)
        }
    }

    @Test("The injector's shutdown closes the audit log before the store it writes to, each once")
    func auditLogFirst() async throws {
        let store = InMemoryOrderStore()
        let injector = try await Injector.start(
            modules: [
                OrdersModule(),
                StoreFake(store: store),
            ], versions: VersionSelection(default: "v2"))
        let services = try await injector.resolveAsync(OrderServices.self)
        for number in 1...3 {
            _ = try OrderHandler(requestID: "r\(number)", logger: TestComposition.logger, services: services)
                .place(NewOrder(item: "apple", quantity: 1))
        }
        #expect(store.auditTrail().isEmpty)  // fewer than a batch: written when the audit log closes
        let profile = try await injector.shutdown(within: .seconds(60))
        #expect(profile.entries.map(\.key.description) == ["AuditLog", "OrderStore"])
        #expect(profile.entries.last?.after.map(\.description) == ["AuditLog"])
        #expect(store.timesClosed == 1)
        #expect(store.auditTrailWhenClosed?.count == 3)
        _ = try await injector.shutdown(within: .seconds(60))
        #expect(store.timesClosed == 1)
    }

    @Test("A graceful shutdown of the group writes the store back with every order and audit line")
    func gracefulShutdown() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("orders-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        let modules = OrdersComposition.modules(storePath: file.path, logger: TestComposition.logger)
        let (placed, placing) = AsyncStream.makeStream(of: Void.self)
        let server = InjectorService(
            modules: modules, versions: VersionSelection(default: "v2"), logger: TestComposition.logger
        ) { injector in
            let services = try await injector.resolveAsync(OrderServices.self)
            return OrdersUntilShutdown(services: services, count: 45, placed: placing)
        }
        let group = ServiceGroup(services: [server], logger: TestComposition.logger)
        async let running: Void = group.run()
        for await _ in placed { break }
        await group.triggerGracefulShutdown()
        try await running

        let written = try JSONDecoder().decode(FileOrderStore.Document.self, from: Data(contentsOf: file))
        #expect(written.orders.count == 45)
        #expect(written.audit.count == 45)  // 32 written in a batch, 13 when the audit log closed
    }
}

/// Places `count` orders, says so, then waits for the group to shut down gracefully.
struct OrdersUntilShutdown: Service {
    let services: OrderServices
    let count: Int
    let placed: AsyncStream<Void>.Continuation

    func run() async throws {
        for number in 1...count {
            _ = try OrderHandler(requestID: "r\(number)", logger: TestComposition.logger, services: services)
                .place(NewOrder(item: "apple", quantity: 1))
        }
        placed.yield()
        try? await gracefulShutdown()
    }
}

/// The store bound as the live one is, closing included, but in memory.
struct StoreFake: Module {
    let store: InMemoryOrderStore

    func configure(_ binder: Binder) {
        binder.bind(Logger.self, toInstance: TestComposition.logger)
        binder.bind(OrderStore.self, toInstance: store).closing { store in try await store.close() }
    }
}
