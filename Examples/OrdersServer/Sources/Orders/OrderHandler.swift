import Logging

/// One request's work, made for that request alone from the server's services and the
/// request's own values (its id and logger).
public struct OrderHandler: Sendable {
    private let requestID: String
    private let logger: Logger
    private let services: OrderServices

    public init(requestID: String, logger: Logger, services: OrderServices) {
        self.requestID = requestID
        self.logger = logger
        self.services = services
    }

    /// Prices and stores a new order, and audits it under V2.
    public func place(_ new: NewOrder) throws(OrderError) -> Order {
        guard new.quantity > 0 else { throw .quantityNotPositive(new.quantity) }
        guard let total = services.pricing.totalCents(item: new.item, quantity: new.quantity) else {
            throw .unknownItem(new.item)
        }
        let order = services.store.add(
            item: new.item, quantity: new.quantity, totalCents: total, pricing: services.pricing.generation)
        services.audit?.record(order, requestID: requestID)
        logger.debug("placed an order", metadata: ["order": "\(order.id)"])
        return order
    }

    public func order(id: Int) -> Order? { services.store.order(id: id) }

    public func orderCount() -> Int { services.store.orders().count }
}
