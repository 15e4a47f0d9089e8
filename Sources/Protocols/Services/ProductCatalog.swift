/// The catalogue of products, a page at a time.
public protocol ProductCatalog: Sendable {
    /// Page `page`, counting from 1.
    func products(page: Int) async throws(ServiceError) -> ProductPage
}
