import Protocols
import TextRules

/// Traces every call to the ``WishlistService`` it wraps.
struct TracingWishlistService: WishlistService {
    let inner: any WishlistService
    let tracer: Tracer

    func page(at position: WishlistPosition?) async throws(ServiceError) -> WishlistPage {
        let at = position.map { DisplayText.quoted($0.description) } ?? "nil"
        return try await tracer.call("WishlistService.page(at: \(at))") { () throws(ServiceError) in
            try await inner.page(at: position)
        }
    }

    func add(productID: String) async throws(ServiceError) {
        try await tracer.call("WishlistService.add(productID: \(DisplayText.quoted(productID)))") {
            () throws(ServiceError) in
            try await inner.add(productID: productID)
        }
    }

    func remove(productID: String) async throws(ServiceError) {
        try await tracer.call("WishlistService.remove(productID: \(DisplayText.quoted(productID)))") {
            () throws(ServiceError) in
            try await inner.remove(productID: productID)
        }
    }

    func contains(productID: String) async throws(ServiceError) -> Bool {
        try await tracer.call("WishlistService.contains(productID: \(DisplayText.quoted(productID)))") {
            () throws(ServiceError) in
            try await inner.contains(productID: productID)
        }
    }
}
