import Container
import Protocols

/// Binds the V2 classes as version "v2": only what changed. The catalogue is not bound here,
/// so a V2 selection falls back to V1's.
public struct ImplV2Module: Module {
    public init() {}

    public func configure(_ binder: Binder) {
        binder.bind(CustomerLogic.self, to: CustomerLogicV2.init).version("v2")
        binder.bind(CartService.self, to: CartServiceV2.init).version("v2")
        binder.bind(WishlistService.self, to: WishlistServiceV2.init).version("v2")
    }
}
