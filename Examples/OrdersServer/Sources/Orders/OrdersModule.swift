import Container

// example:begin
/// The orders service: pricing by generation, V2's audit log, and what each request uses.
public struct OrdersModule: Module {
    public init() {}

    public func configure(_ binder: Binder) {
        binder.bind(PriceList.self, toInstance: .standard)
        binder.bind(Pricing.self, to: PricingV1.init).version("v1").scope(.singleton)
        binder.bind(Pricing.self, to: PricingV2.init).version("v2").scope(.singleton)
        binder.bind(AuditLog.self, to: AuditLog.init).version("v2").scope(.singleton)
            .closing { audit in audit.close() }
        binder.bind(OrderServices.self, to: OrderServices.init).scope(.singleton)
    }
}
// example:end
