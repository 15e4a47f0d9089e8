import Foundation
import Client
import Protocols
import WireFormat

/// The legacy wishlist: pages by number.
public final class WishlistServiceV1: WishlistViewModelBacked {
    /// Adds, removes and asks as every generation does.
    public let wishlist: WishlistViewModel

    /// The wishlist that adds, removes and asks through `wishlist` (over V1's client).
    public init(wishlist: WishlistViewModel) {
        self.wishlist = wishlist
    }

    /// The page numbered by `position` (the first for `nil`); a cursor is refused.
    public func page(at position: WishlistPosition?) async throws(ServiceError) -> WishlistPage {
        let number: Int
        switch position {
        case nil: number = 1
        case .page(let page) where page >= 1: number = page
        case .page(let page): throw .invalidInput("a wishlist page is a whole number from 1, not \(page)")
        case .cursor: throw .invalidInput("the V1 wishlist pages by number; use --page, not --cursor")
        }
        let answer = try await wishlist.session.authorized(
            "GET", "/wishlist?page=\(number)", as: WishlistPageAnswer.self)
        return WishlistPage(items: answer.items, next: answer.hasMore ? .page(number + 1) : nil)
    }
}
