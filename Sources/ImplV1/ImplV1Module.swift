import Client
import Container
import Protocols
import WireFormat

/// Binds the V1 generation as version "v1": its wire (V1 routes and envelope, unsigned) and a client
/// over it, the gesture-password link for later generations' login chains (V1's own runs that link
/// alone), and the V1 classes over that client; the cart and wishlist, one per session, in `.session`.
public struct ImplV1Module: Module {
    /// The module, for `Injector(modules:)`; it holds nothing, so every instance binds the same.
    public init() {}

    /// Binds V1's services, its wire and its login link.
    public func configure(_ binder: Binder) {
        binder.bind(CustomerLogic.self) {
            (
                api: Named<V1Wire, any ServiceClient>, loginStatus: LoginStatusCenter, sessions: any SessionStore,
                records: any CustomerRecordStore, clock: any WallClock
            ) in
            // V1's own login chain, not the `[any LoginLink]` that later generations add to.
            CustomerLogicV1(
                api: api.value, loginStatus: loginStatus, sessions: sessions, records: records, clock: clock)
        }.version("v1")
        binder.bind(CartService.self) {
            (
                api: Named<V1Wire, any ServiceClient>, loginStatus: LoginStatusCenter, sessions: any SessionStore,
                clock: any WallClock
            ) in
            CartServiceV1(api: api.value, loginStatus: loginStatus, sessions: sessions, clock: clock)
        }.version("v1").scope(.session)
        binder.bind(WishlistService.self) {
            (
                api: Named<V1Wire, any ServiceClient>, loginStatus: LoginStatusCenter, sessions: any SessionStore,
                clock: any WallClock
            ) in
            WishlistServiceV1(api: api.value, loginStatus: loginStatus, sessions: sessions, clock: clock)
        }.version("v1").scope(.session)
        binder.bind(ProductCatalog.self) { (api: Named<V1Wire, any ServiceClient>, loginStatus: LoginStatusCenter) in
            ProductCatalogV1(api: api.value, loginStatus: loginStatus)
        }.version("v1")

        // V1's wire: plain requests to the V1 routes, answers in the V1 envelope. The client reads
        // it by name; the embedded backend serves every wire in the map, to which it is
        // contributed without a version, so whatever the selection the backend answers `/v1`.
        binder.bind(GenerationWire.self, toInstance: .v1).named(V1Wire.self)
        binder.contribute(GenerationWire.self, key: V1Wire.name) { (wire: Named<V1Wire, GenerationWire>) in wire.value }
        binder.bind(ServiceClient.self) { (wire: Named<V1Wire, GenerationWire>, transport: any Transport) in
            APIClient(wire: wire.value, transport: transport)
        }.named(V1Wire.self).scope(.singleton)
        // The login chain's first link, for the generations after V1, which keep it unless they
        // replace it. (V1's own chain is that link alone: see CustomerLogicV1.)
        binder.contribute(LoginLink.self, id: "gesture", position: 0) { GestureLink() }.version("v1")
        // How a person is told of those steps; unversioned, so any selection words them.
        binder.contribute(LoginWording.self, key: V1Wire.name) { LoginWording.v1 }
    }
}
