import Container
import Protocols

/// Binds the V2 classes as version "v2": only what changed (the catalogue falls back to V1's);
/// the cart and wishlist act for the logged-in customer, one per session, in `.session` scope.
public struct ImplV2Module: Module {
    public init() {}

    public func configure(_ binder: Binder) {
        binder.bind(CustomerLogic.self, to: CustomerLogicV2.init).version("v2")
        binder.bind(CartService.self, to: CartServiceV2.init).version("v2").scope(.session)
        binder.bind(WishlistService.self, to: WishlistServiceV2.init).version("v2").scope(.session)
    }
}
