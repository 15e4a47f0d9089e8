import Protocols

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
