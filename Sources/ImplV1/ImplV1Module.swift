import Container
import Protocols

/// Binds the V1 classes as version "v1"; the cart and wishlist, one per session, in `.session`.
public struct ImplV1Module: Module {
    public init() {}

    public func configure(_ binder: Binder) {
        binder.bind(CustomerLogic.self, to: CustomerLogicV1.init).version("v1")
        binder.bind(CartService.self, to: CartServiceV1.init).version("v1").scope(.session)
        binder.bind(WishlistService.self, to: WishlistServiceV1.init).version("v1").scope(.session)
        binder.bind(ProductCatalog.self, to: ProductCatalogV1.init).version("v1")
    }
}
