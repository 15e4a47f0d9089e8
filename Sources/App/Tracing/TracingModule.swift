import Container
import ImplV2
import Protocols

/// `--trace`: decorators around the business services that print each call, its outcome and
/// its duration, aspect-style, without touching a service class. Unversioned, so they wrap
/// whichever generation serves each service.
struct TracingModule: Module {
    let tracer: Tracer

    func configure(_ binder: Binder) {
        binder.bind(Tracer.self, toInstance: tracer).liveOnly()  // it writes on the console and reads the clock
        binder.decorate(CustomerLogic.self) { (inner: any CustomerLogic, tracer: Tracer) in
            TracingCustomerLogic(inner: inner, tracer: tracer)
        }.id("trace")
        binder.decorate(CartService.self) { (inner: any CartService, tracer: Tracer) in
            TracingCartService(inner: inner, tracer: tracer)
        }.id("trace")
        binder.decorate(WishlistService.self) { (inner: any WishlistService, tracer: Tracer) in
            TracingWishlistService(inner: inner, tracer: tracer)
        }.id("trace")
        binder.decorate(ProductCatalog.self) { (inner: any ProductCatalog, tracer: Tracer) in
            TracingProductCatalog(inner: inner, tracer: tracer)
        }.id("trace")
        // Only V2 binds this one; under V1 the decorator has nothing to wrap, which is no error.
        binder.decorate(PaymentService.self) { (inner: any PaymentService, tracer: Tracer) in
            TracingPaymentService(inner: inner, tracer: tracer)
        }.id("trace")
    }
}
