import Container
import Foundation
import HummingbirdTesting
import Logging
import Orders
import Testing

// example:begin
/// The server's modules as the tests build them: a store path that no test writes, and a
/// logger that prints nothing.
enum TestComposition {
    static let logger = Logger(label: "orders-tests") { _ in SwiftLogNoOpLogHandler() }

    static var modules: [any Module] {
        OrdersComposition.modules(storePath: neverWritten.path, logger: logger)
    }

    /// The trait's root injector opens the live store once (it is an eager singleton), though
    /// every test replaces it: here, a file that does not exist, so it opens empty and is never
    /// closed.
    static let neverWritten = FileManager.default.temporaryDirectory
        .appendingPathComponent("orders-tests-\(UUID().uuidString).json")

    /// The test's fake store, one per test.
    static func fakeStore(_ binder: Binder) {
        binder.bind(InMemoryOrderStore.self, to: InMemoryOrderStore.init).scope(.singleton)
            .implements((any OrderStore).self) { $0 }
    }

    /// Runs `test` against the server's routes over the test's injector, with no socket.
    static func withRoutes(_ test: @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        let injector = try #require(Injector.current)
        let app = try await OrdersApplication.make(
            injector: injector, configuration: ServerConfiguration(), logger: logger)
        try await app.test(.router, test)
    }
}
// example:end
