import Foundation
import Client
import Protocols
import WireFormat

/// The current wishlist: pages by cursor, so no item shows twice across pages.
public final class WishlistServiceV2: WishlistViewModelBacked {
    /// Adds, removes and asks as every generation does.
    public let wishlist: WishlistViewModel

    /// The wishlist that adds, removes and asks through `wishlist` (over V2's client).
    public init(wishlist: WishlistViewModel) {
        self.wishlist = wishlist
    }

    /// The page at the cursor of `position` (the first for `nil`); a page number is refused.
    public func page(at position: WishlistPosition?) async throws(ServiceError) -> WishlistPage {
        var path = "/wishlist"
        switch position {
        case nil: break
        case .cursor(let cursor):
            path += "?cursor=" + (cursor.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? cursor)
        case .page: throw .invalidInput("the V2 wishlist pages by cursor; use --cursor, not --page")
        }
        let answer = try await wishlist.session.authorized("GET", path, as: WishlistCursorAnswer.self)
        return WishlistPage(items: answer.items, next: answer.nextCursor.map(WishlistPosition.cursor))
    }
}
