import Protocols
import TextRules

/// Traces every call to the ``CartService`` it wraps.
struct TracingCartService: CartService {
    let inner: any CartService
    let tracer: Tracer

    func cart() async throws(ServiceError) -> Cart {
        try await tracer.call("CartService.cart()") { () throws(ServiceError) in try await inner.cart() }
    }

    func add(productID: String, quantity: Int) async throws(ServiceError) -> Cart {
        try await tracer.call("CartService.add(productID: \(DisplayText.quoted(productID)), quantity: \(quantity))") {
            () throws(ServiceError) in try await inner.add(productID: productID, quantity: quantity)
        }
    }

    func remove(productID: String) async throws(ServiceError) -> Cart {
        try await tracer.call("CartService.remove(productID: \(DisplayText.quoted(productID)))") {
            () throws(ServiceError) in
            try await inner.remove(productID: productID)
        }
    }

    func clear() async throws(ServiceError) -> Cart {
        try await tracer.call("CartService.clear()") { () throws(ServiceError) in try await inner.clear() }
    }
}
