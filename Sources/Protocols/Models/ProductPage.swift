/// One page of the catalogue.
public struct ProductPage: Codable, Sendable, Equatable {
    /// The products on this page.
    public let items: [Product]
    /// This page's number, from 1.
    public let page: Int
    /// How many pages the catalogue has.
    public let pageCount: Int

    /// A page of the catalogue.
    public init(items: [Product], page: Int, pageCount: Int) {
        self.items = items
        self.page = page
        self.pageCount = pageCount
    }
}
