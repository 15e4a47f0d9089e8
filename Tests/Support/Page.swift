/// A payload for tests of the wire: a page of items.
public struct Page: Codable, Sendable, Equatable {
    /// The items on the page.
    public let items: [Item]

    /// A page of `items`.
    public init(items: [Item]) {
        self.items = items
    }
}
