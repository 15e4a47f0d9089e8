import Foundation
import Protocols
import WireFormat

/// What both generations' wishlists share: adding, removing and asking, for the current
/// session, through the ``SessionViewModel`` it holds. Paging is where the generations differ:
/// each generation's service pages itself.
public struct WishlistViewModel: Sendable {
    /// Sends the requests with the current session's token.
    public let session: SessionViewModel

    /// A wishlist flow sending through `session`.
    public init(session: SessionViewModel) {
        self.session = session
    }

    /// Adds a product to the wishlist.
    public func add(productID: String) async throws(ServiceError) {
        _ = try await session.authorized(
            "POST", "/wishlist/add", body: ProductRequest(productID: productID), as: Empty.self)
    }

    /// Removes a product from the wishlist.
    public func remove(productID: String) async throws(ServiceError) {
        _ = try await session.authorized(
            "POST", "/wishlist/remove", body: ProductRequest(productID: productID), as: Empty.self)
    }

    /// Whether the wishlist holds the product.
    public func contains(productID: String) async throws(ServiceError) -> Bool {
        let query = productID.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? productID
        return try await session.authorized("GET", "/wishlist/has?productID=\(query)", as: ContainsAnswer.self)
            .contains
    }
}

/// A generation's ``Protocols/WishlistService`` that adds, removes and asks as every
/// generation does: it holds a ``WishlistViewModel`` for those, and pages itself.
public protocol WishlistViewModelBacked: WishlistService {
    /// The shared wishlist flow, over this generation's client.
    var wishlist: WishlistViewModel { get }

    /// The wishlist that adds, removes and asks through `wishlist`.
    init(wishlist: WishlistViewModel)
}

extension WishlistViewModelBacked {
    /// The wishlist over `api`, acting for the session kept in `sessions` while `clock` says it
    /// has not expired, and posting expiry to `loginStatus`.
    public init(
        api: any ServiceClient, loginStatus: LoginStatusCenter, sessions: any SessionStore, clock: any WallClock
    ) {
        self.init(
            wishlist: WishlistViewModel(
                session: SessionViewModel(api: api, loginStatus: loginStatus, sessions: sessions, clock: clock)))
    }

    /// The wishlist flow's ``WishlistViewModel/add(productID:)``.
    public func add(productID: String) async throws(ServiceError) {
        try await wishlist.add(productID: productID)
    }

    /// The wishlist flow's ``WishlistViewModel/remove(productID:)``.
    public func remove(productID: String) async throws(ServiceError) {
        try await wishlist.remove(productID: productID)
    }

    /// The wishlist flow's ``WishlistViewModel/contains(productID:)``.
    public func contains(productID: String) async throws(ServiceError) -> Bool {
        try await wishlist.contains(productID: productID)
    }
}
