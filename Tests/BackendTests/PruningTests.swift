@testable import Backend
import Protocols
import Testing
import WireFormat

@Suite("Backend: state does not grow without bound")
struct PruningTests {
    @Test("A login forgets sessions that have ended")
    func sessions() async throws {
        let storage = InMemoryBackendStorage()
        let harness = try Harness(storage: storage)
        try await harness.account()
        _ = try await harness.login()
        #expect(try await storage.transaction { $0.sessions.count } == 2)
        harness.clock.advance(by: 3_601)
        _ = try await harness.login()
        #expect(try await storage.transaction { $0.sessions.count } == 1)
    }

    @Test("Batch answers are kept for retries for a day, then forgotten")
    func batches() async throws {
        let storage = InMemoryBackendStorage()
        let harness = try Harness(storage: storage)
        var token = try await harness.account()
        let first = CartBatchRequest(
            idempotencyKey: "batch-0001", operations: [CartOperation(action: .add, productID: "p1", quantity: 1)])
        _ = try await harness.api.send(.v2, "POST", "/cart/batch", body: first, token: token, as: Cart.self)
        harness.clock.advance(by: 86_401)
        token = try await harness.login()
        let second = CartBatchRequest(idempotencyKey: "batch-0002", operations: [CartOperation(action: .clear)])
        _ = try await harness.api.send(.v2, "POST", "/cart/batch", body: second, token: token, as: Cart.self)
        #expect(try await storage.transaction { Array($0.batches.keys) } == ["batch-0002"])
    }
}
