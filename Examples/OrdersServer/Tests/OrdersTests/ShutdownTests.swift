import Container
import Foundation
import Logging
import ServiceLifecycle
import Testing

@testable import Orders

@Suite("Shutdown")
struct ShutdownTests {
    @Test("The audit log closes before the store, whatever the order of the closers")
    func order() {
        let store = ServiceKey.of((any OrderStore).self)
        let audit = ServiceKey.of(AuditLog.self)
        let v2 = Injector.graph(modules: TestComposition.modules, versions: VersionSelection(default: "v2"))
        #expect(ShutdownOrder.waves(of: [store, audit], in: v2) == [[audit], [store]])
        #expect(ShutdownOrder.waves(of: [audit, store], in: v2) == [[audit], [store]])
        let v1 = Injector.graph(modules: TestComposition.modules, versions: VersionSelection(default: "v1"))
        #expect(ShutdownOrder.waves(of: [store, audit], in: v1) == [[store]])  // no audit log under V1
    }

    @Test("A graceful shutdown of the group writes the store back with every order and audit line")
    func gracefulShutdown() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("orders-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        let modules = OrdersComposition.modules(storePath: file.path, logger: TestComposition.logger)
        let (placed, placing) = AsyncStream.makeStream(of: Void.self)
        let server = InjectorService(
            modules: modules, versions: VersionSelection(default: "v2"), closers: OrdersComposition.closers,
            logger: TestComposition.logger
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
