/// Where orders and the audit trail are kept.
public protocol OrderStore: Sendable {
    /// Adds an order, numbering it, and returns it.
    func add(item: String, quantity: Int, totalCents: Int, pricing: String) -> Order
    /// The order numbered `id`, if there is one.
    func order(id: Int) -> Order?
    /// Every order, by number.
    func orders() -> [Order]
    /// Appends lines to the audit trail.
    func appendAudit(_ lines: [String])
    /// The audit trail, oldest first.
    func auditTrail() -> [String]
    /// Writes what the store holds back to where it came from; called once, at shutdown.
    func close() async throws
}
