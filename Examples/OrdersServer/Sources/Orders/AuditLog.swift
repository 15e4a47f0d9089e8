import Synchronization

/// V2's audit log: one line per order, kept in the store's audit trail.
///
/// It writes to the store in batches, so it must be closed before the store is written back,
/// or the last batch is lost: the injector's shutdown closes it first, since it needs the store.
public final class AuditLog: Sendable {
    private static let batch = 32
    private let store: any OrderStore
    private let pending = Mutex<[String]>([])

    public init(store: any OrderStore) { self.store = store }

    /// Records that `order` was placed during request `requestID`.
    public func record(_ order: Order, requestID: String) {
        let full: [String]? = pending.withLock { pending in
            pending.append("order \(order.id) \(order.quantity) \(order.item) request \(requestID)")
            guard pending.count >= Self.batch else { return nil }
            defer { pending.removeAll(keepingCapacity: true) }
            return pending
        }
        if let full { store.appendAudit(full) }
    }

    /// Writes the lines not written yet.
    public func close() {
        let rest = pending.withLock { pending in
            defer { pending.removeAll() }
            return pending
        }
        if !rest.isEmpty { store.appendAudit(rest) }
    }
}
