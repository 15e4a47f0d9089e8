import Client
import Protocols
import WireFormat

/// The catalogue, read through the V1 routes. V2 has no catalogue of its own: it falls back
/// to this one.
///
/// `@unchecked Sendable`: no mutable state of its own; the only mutable state, the base
/// class's handlers, is guarded by ``BaseViewModel``'s `handlers` mutex.
public final class ProductCatalogV1: BaseViewModel, ProductCatalog, @unchecked Sendable {
    /// Page `page` of the catalogue, from 1.
    public func products(page: Int) async throws(ServiceError) -> ProductPage {
        guard page >= 1 else { throw .invalidInput("a catalogue page is a whole number from 1, not \(page)") }
        return try await request("GET", "/products?page=\(page)", as: ProductPage.self).get()
    }
}
