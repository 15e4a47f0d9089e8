import Client
import Container
import ImplV2
import Protocols

/// A third generation, for tests only: what adding a generation takes. It binds one service,
/// a cart that holds a limited number of different products, and one login link, which asks
/// for the gesture password once more after it is set or kept; both as version "v3". Every
/// other service, the other links and the wire fall back to V2's.
struct ImplV3Module: Module {
    func configure(_ binder: Binder) {
        binder.bind(CartService.self) {
            (
                api: Named<V2Wire, any ServiceClient>, loginStatus: LoginStatusCenter, sessions: any SessionStore,
                clock: any WallClock
            ) in
            CartServiceV3(
                inner: CartServiceV2(api: api.value, loginStatus: loginStatus, sessions: sessions, clock: clock))
        }.version("v3").scope(.session)
        // Between V1's gesture link (position 0) and V2's bind-card link (position 10).
        binder.contribute(LoginLink.self, id: "confirmGesture", position: 5) { ConfirmGestureLink() }.version("v3")
    }
}
