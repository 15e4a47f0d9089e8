import Orders
import Synchronization

/// A test's own store: nothing read, nothing written, and what was closed is recorded.
final class InMemoryOrderStore: OrderStore {
    private let state = Mutex<(orders: [Order], audit: [String], closed: Int, auditWhenClosed: [String]?)>(
        ([], [], 0, nil))

    func add(item: String, quantity: Int, totalCents: Int, pricing: String) -> Order {
        state.withLock { state in
            let order = Order(
                id: state.orders.count + 1, item: item, quantity: quantity, totalCents: totalCents, pricing: pricing)
            state.orders.append(order)
            return order
        }
    }

    func order(id: Int) -> Order? { state.withLock { state in state.orders.first { $0.id == id } } }
    func orders() -> [Order] { state.withLock { $0.orders } }
    func appendAudit(_ lines: [String]) { state.withLock { $0.audit += lines } }
    func auditTrail() -> [String] { state.withLock { $0.audit } }
    func close() async throws {
        state.withLock { state in
            state.closed += 1
            state.auditWhenClosed = state.audit
        }
    }
    var timesClosed: Int { state.withLock { $0.closed } }
    /// The audit trail as it was when the store was closed, or `nil` before.
    var auditTrailWhenClosed: [String]? { state.withLock { $0.auditWhenClosed } }
}
