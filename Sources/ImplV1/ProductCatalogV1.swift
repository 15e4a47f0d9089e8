import Client
import Protocols
import WireFormat

/// The catalogue, read through the V1 routes. V2 has no catalogue of its own: it falls back
/// to this one.
public final class ProductCatalogV1: ProductCatalog {
    private let base: BaseViewModel

    /// The catalogue over `api` (V1's client), posting to `loginStatus`; it needs no session.
    public init(api: any ServiceClient, loginStatus: LoginStatusCenter) {
        base = BaseViewModel(api: api, loginStatus: loginStatus)
    }

    /// Page `page` of the catalogue, from 1.
    public func products(page: Int) async throws(ServiceError) -> ProductPage {
        guard page >= 1 else { throw .invalidInput("a catalogue page is a whole number from 1, not \(page)") }
        return try await base.request("GET", "/products?page=\(page)", as: ProductPage.self).get()
    }
}
