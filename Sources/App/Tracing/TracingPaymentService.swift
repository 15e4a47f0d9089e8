import ImplV2
import Protocols
import WireFormat

/// Traces every call to the ``PaymentService`` it wraps.
struct TracingPaymentService: PaymentService {
    let inner: any PaymentService
    let tracer: Tracer

    func methods() async throws(ServiceError) -> PaymentMethods {
        try await tracer.call("PaymentService.methods()") { () throws(ServiceError) in try await inner.methods() }
    }
}
