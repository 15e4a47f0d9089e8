/// One generation's wire: the prefix of its routes, the envelope its answers come in, whether
/// its requests are signed, and which ``Endpoint`` serves each of its routes.
///
/// A generation's module binds its wire and contributes it, keyed by the generation's name, to
/// the map `[String: GenerationWire]`; its client reads the prefix and the envelope from it, and
/// the embedded backend serves every wire in that map. So the backend asks no generation what it
/// is: a route V1 does not have is simply not in V1's wire, and where V1 and V2 answer one route
/// differently (the cart's totals), each wire names its own endpoint.
///
/// ```swift
/// let beta = GenerationWire(
///     generation: "beta", envelope: .v2, signsRequests: false,
///     routes: ["POST /login": .login, "GET /cart": .cartTotalled])
/// binder.contribute(GenerationWire.self, key: beta.generation) { beta }
/// ```
public struct GenerationWire: Sendable {
    /// The generation's name, as a ``Protocols/Session`` records it: `v1`, `v2`.
    public let generation: String
    /// How the generation's answers are wrapped.
    public let envelope: EnvelopeFormat
    /// Whether the generation's requests carry a signature the backend checks.
    public let signsRequests: Bool
    /// Each route, as `METHOD /path` without the prefix (`POST /cart/batch`), and the endpoint
    /// that serves it.
    public let routes: [String: Endpoint]

    /// A generation's wire.
    /// - Parameters:
    ///   - generation: Its name, one path segment: its routes start with `/` and this name.
    ///   - envelope: How its answers are wrapped.
    ///   - signsRequests: Whether its requests must carry a valid signature.
    ///   - routes: Each route, as `METHOD /path` without the prefix, and the endpoint serving it.
    public init(generation: String, envelope: EnvelopeFormat, signsRequests: Bool, routes: [String: Endpoint]) {
        self.generation = generation
        self.envelope = envelope
        self.signsRequests = signsRequests
        self.routes = routes
    }

    /// The path prefix of the generation's routes: `/v1`.
    public var routePrefix: String { "/" + generation }
}
