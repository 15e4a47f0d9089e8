import Foundation
import Client
import Protocols
import WireFormat

/// The legacy wishlist: pages by number.
///
/// `@unchecked Sendable`: no mutable state of its own; the only mutable state, the base
/// class's handlers, is guarded by ``BaseViewModel``'s `handlers` mutex.
public final class WishlistServiceV1: WishlistViewModel, WishlistService, @unchecked Sendable {
    /// The page numbered by `position` (the first for `nil`); a cursor is refused.
    public func page(at position: WishlistPosition?) async throws(ServiceError) -> WishlistPage {
        let number: Int
        switch position {
        case nil: number = 1
        case .page(let page) where page >= 1: number = page
        case .page(let page): throw .invalidInput("a wishlist page is a whole number from 1, not \(page)")
        case .cursor: throw .invalidInput("the V1 wishlist pages by number; use --page, not --cursor")
        }
        let answer = try await authorized("GET", "/wishlist?page=\(number)", as: WishlistPageAnswer.self)
        return WishlistPage(items: answer.items, next: answer.hasMore ? .page(number + 1) : nil)
    }
}
