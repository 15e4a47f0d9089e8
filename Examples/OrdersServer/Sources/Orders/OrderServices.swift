/// What every request uses: the server's singletons, resolved once when the server starts.
public struct OrderServices: Sendable {
    public let store: any OrderStore
    public let pricing: any Pricing
    /// V2's audit log; `nil` under V1, which has none.
    public let audit: AuditLog?

    public init(store: any OrderStore, pricing: any Pricing, audit: AuditLog?) {
        self.store = store
        self.pricing = pricing
        self.audit = audit
    }
}
