import Client
import Container
import Cryptography
import Protocols
import WireFormat

/// Binds the V2 generation as version "v2", only what changed (the catalogue and the gesture
/// link fall back to V1's):
/// - its wire: the V2 routes and envelope (``WireFormat/GenerationWire/v2``), and a client over
///   a transport named `v2`, the app's transport wrapped in a signing decorator;
/// - the bind-card and payment-PIN links of the login chain, after V1's gesture link;
/// - the V2 classes over that client; the cart and wishlist act for the logged-in customer, one
///   per session, in `.session` scope;
/// - a service V1 does not have: payment methods, which under V1 the container does not serve.
public struct ImplV2Module: Module {
    /// The module, for `Injector(modules:)`; it holds nothing, so every instance binds the same.
    public init() {}

    /// Binds V2's services, its wire and its login links.
    public func configure(_ binder: Binder) {
        binder.bind(CustomerLogic.self) {
            (
                api: Named<V2Wire, any ServiceClient>, links: [any LoginLink], loginStatus: LoginStatusCenter,
                sessions: any SessionStore, records: any CustomerRecordStore, clock: any WallClock
            ) in
            CustomerLogicV2(
                api: api.value, links: links, loginStatus: loginStatus, sessions: sessions, records: records,
                clock: clock)
        }.version("v2")
        binder.bind(CartService.self) {
            (
                api: Named<V2Wire, any ServiceClient>, loginStatus: LoginStatusCenter, sessions: any SessionStore,
                clock: any WallClock
            ) in
            CartServiceV2(api: api.value, loginStatus: loginStatus, sessions: sessions, clock: clock)
        }.version("v2").scope(.session)
        binder.bind(WishlistService.self) {
            (
                api: Named<V2Wire, any ServiceClient>, loginStatus: LoginStatusCenter, sessions: any SessionStore,
                clock: any WallClock
            ) in
            WishlistServiceV2(api: api.value, loginStatus: loginStatus, sessions: sessions, clock: clock)
        }.version("v2").scope(.session)
        // A service only V2 has: under V1 it is not served, and `graft payment` says so.
        binder.bind(PaymentService.self) {
            (
                api: Named<V2Wire, any ServiceClient>, loginStatus: LoginStatusCenter, sessions: any SessionStore,
                clock: any WallClock
            ) in
            PaymentServiceV2(api: api.value, loginStatus: loginStatus, sessions: sessions, clock: clock)
        }.version("v2").scope(.session)

        // V2's wire: the app's transport under V2's name, signed by a decorator of that name
        // only, so V1 services in the same graph send unsigned requests.
        binder.bind(Transport.self) { (transport: any Transport) in transport }.named(V2Wire.self)
        binder.decorate(Transport.self) { (inner: any Transport, signer: RequestSigner, clock: any WallClock) in
            SigningTransport(inner: inner, signer: signer, clock: clock)
        }.named(V2Wire.self).id("signing")
        binder.bind(ServiceClient.self) {
            (wire: Named<V2Wire, GenerationWire>, transport: Named<V2Wire, any Transport>) in
            APIClient(wire: wire.value, transport: transport.value)
        }.named(V2Wire.self).scope(.singleton)
        // V2's routes and envelope, read by its client and, from the map of every generation's
        // wire (contributed without a version, so selections do not hide it), by the embedded backend.
        binder.bind(GenerationWire.self, toInstance: .v2).named(V2Wire.self)
        binder.contribute(GenerationWire.self, key: V2Wire.name) { (wire: Named<V2Wire, GenerationWire>) in wire.value }
        // V2's links of the login chain, after V1's gesture link (position 0).
        binder.contribute(LoginLink.self, id: "bindCard", position: 10) { BindCardLink() }.version("v2")
        binder.contribute(LoginLink.self, id: "payPassword", position: 20) { PayPasswordLink() }.version("v2")
        // How a person is told of their steps; unversioned, so a v1 selection still words a V2
        // operation that a V2 login left waiting.
        binder.contribute(LoginWording.self, key: V2Wire.name) { LoginWording.v2 }
    }
}
