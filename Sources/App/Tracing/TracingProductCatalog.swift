import Protocols

/// Traces every call to the ``ProductCatalog`` it wraps.
struct TracingProductCatalog: ProductCatalog {
    let inner: any ProductCatalog
    let tracer: Tracer

    func products(page: Int) async throws(ServiceError) -> ProductPage {
        try await tracer.call("ProductCatalog.products(page: \(page))") { () throws(ServiceError) in
            try await inner.products(page: page)
        }
    }
}
