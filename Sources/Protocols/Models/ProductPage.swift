/// One page of the catalogue.
public struct ProductPage: Codable, Sendable, Equatable {
    public let items: [Product]
    public let page: Int
    public let pageCount: Int

    public init(items: [Product], page: Int, pageCount: Int) {
        self.items = items
        self.page = page
        self.pageCount = pageCount
    }
}
