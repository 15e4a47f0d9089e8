import Client
import Container
import ImplV2
import Protocols
import WireFormat

/// A third generation, for tests only: what adding a generation takes. As version "v3" it binds
/// its own wire (a client over V3's envelope, ``Protocols/EnvelopeFormat/v3``), its customer logic
/// over that wire, a cart that holds a limited number of different products, and two login links:
/// one that asks for the gesture password once more after it is set or kept, and one for a branch
/// no other generation has, confirming an e-mail address. Every other service and link falls back
/// to V2's. The embedded backend serves V3's routes from its contributed wire, and its e-mail
/// route through ``V3BackendModule``.
struct ImplV3Module: Module {
    func configure(_ binder: Binder) {
        binder.bind(CustomerLogic.self) {
            (
                api: Named<V3Wire, any ServiceClient>, links: [any LoginLink], loginStatus: LoginStatusCenter,
                sessions: any SessionStore, records: any CustomerRecordStore, clock: any WallClock
            ) in
            CustomerLogicV3(
                api: api.value, links: links, loginStatus: loginStatus, sessions: sessions, records: records,
                clock: clock)
        }.version("v3")
        binder.bind(CartService.self) {
            (
                api: Named<V2Wire, any ServiceClient>, loginStatus: LoginStatusCenter, sessions: any SessionStore,
                clock: any WallClock
            ) in
            CartServiceV3(
                inner: CartServiceV2(api: api.value, loginStatus: loginStatus, sessions: sessions, clock: clock))
        }.version("v3").scope(.session)

        // V3's wire: plain requests to the V3 routes, answers in the V3 envelope; contributed, as
        // the shipped generations' are, to the map the embedded backend serves.
        binder.bind(GenerationWire.self, toInstance: .v3).named(V3Wire.self)
        binder.contribute(GenerationWire.self, key: V3Wire.name) { (wire: Named<V3Wire, GenerationWire>) in wire.value }
        binder.bind(ServiceClient.self) { (wire: Named<V3Wire, GenerationWire>, transport: any Transport) in
            APIClient(wire: wire.value, transport: transport)
        }.named(V3Wire.self).scope(.singleton)
        // Between V1's gesture link (position 0) and V2's bind-card link (position 10).
        binder.contribute(LoginLink.self, id: "confirmGesture", position: 5) { ConfirmGestureLink() }.version("v3")
        // After V2's payment-PIN link (position 20).
        binder.contribute(LoginLink.self, id: "confirmEmail", position: 30) { ConfirmEmailLink() }.version("v3")
        // How a person is told of V3's steps, beside the shipped generations' wording.
        binder.contribute(LoginWording.self, key: V3Wire.name) {
            LoginWording(
                steps: [
                    .gesturePasswordConfirmed: "gesture password confirmed",
                    .emailConfirmed: "e-mail address confirmed",
                    .emailKept: "e-mail address kept from the server",
                ],
                needs: [.confirmGesturePassword: "the gesture password once more", .confirmEmail: "an e-mail address"])
        }
    }
}
