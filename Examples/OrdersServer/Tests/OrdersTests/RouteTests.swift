import Container
import ContainerTesting
import Foundation
import Hummingbird
import HummingbirdTesting
import Orders
import Testing

/// Each test gets its own strict child of the server's V2 graph with a fake store of its own,
/// so the tests run in parallel and each one's first order is number 1.
@Suite(.injecting(from: TestComposition.modules, versions: VersionSelection(default: "v2"), TestComposition.fakeStore))
struct V2RouteTests {
    @Test("Ten apples cost a tenth less under V2, and the order is audited")
    func tenApples() async throws {
        try await TestComposition.withRoutes { client in
            let order = try await client.place(#"{"item":"apple","quantity":10}"#)
            #expect(order == Order(id: 1, item: "apple", quantity: 10, totalCents: 360, pricing: "v2"))
        }
        let injector = try #require(Injector.current)
        try await injector.resolveAsync(AuditLog.self).close()
        let store = try await injector.resolveAsync(InMemoryOrderStore.self)
        #expect(store.auditTrail().count == 1)
        #expect(store.auditTrail().first?.hasPrefix("order 1 10 apple request ") == true)
    }

    @Test("A hundred orders placed at once are all kept, each numbered once")
    func concurrentOrders() async throws {
        try await TestComposition.withRoutes { client in
            let ids = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<100 {
                    group.addTask { try await client.place(#"{"item":"pear","quantity":1}"#).id }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(ids.sorted() == Array(1...100))
            try await client.execute(uri: "/orders/count", method: .get) { response in
                #expect(String(buffer: response.body) == #"{"count":100}"#)
            }
        }
        let store = try await Injector.current?.resolveAsync(InMemoryOrderStore.self)
        #expect(store?.orders().count == 100)
    }

    @Test("An item not sold is refused with 400, saying so")
    func unknownItem() async throws {
        try await TestComposition.withRoutes { client in
            try await client.execute(
                uri: "/orders", method: .post, body: ByteBuffer(string: #"{"item":"tea","quantity":1}"#)
            ) { response in
                #expect(response.status == .badRequest)
                #expect(String(buffer: response.body).contains("no item named tea is sold here"))
            }
        }
    }

    @Test("An order that does not exist is 404")
    func missingOrder() async throws {
        try await TestComposition.withRoutes { client in
            _ = try await client.place(#"{"item":"coffee","quantity":2}"#)
            try await client.execute(uri: "/orders/1", method: .get) { #expect($0.status == .ok) }
            try await client.execute(uri: "/orders/2", method: .get) { #expect($0.status == .notFound) }
        }
    }
}

// example:begin
@Suite(.injecting(from: TestComposition.modules, versions: VersionSelection(default: "v1"), TestComposition.fakeStore))
struct V1RouteTests {
    @Test("Ten apples cost ten times one under V1, and nothing is audited")
    func tenApples() async throws {
        try await TestComposition.withRoutes { client in
            let order = try await client.place(#"{"item":"apple","quantity":10}"#)
            #expect(order == Order(id: 1, item: "apple", quantity: 10, totalCents: 400, pricing: "v1"))
        }
        let injector = try #require(Injector.current)
        #expect(try await injector.resolveAsync(OrderServices.self).audit == nil)
    }
}
// example:end

extension TestClientProtocol {
    /// Posts `json` to `/orders`, expects 201 Created, and returns the order.
    func place(_ json: String) async throws -> Order {
        try await execute(uri: "/orders", method: .post, body: ByteBuffer(string: json)) { response in
            #expect(response.status == .created)
            return try JSONDecoder().decode(Order.self, from: Data(String(buffer: response.body).utf8))
        }
    }
}
