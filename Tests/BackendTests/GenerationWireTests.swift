import Backend
import Container
import Foundation
import ImplV1
import ImplV2
import Protocols
import Testing
import TestSupport
import WireFormat

/// The embedded backend serves the wires the generations' modules contribute to the map
/// `[String: GenerationWire]`: every one of them, whatever the selection, each in its envelope.
@Suite("Backend: the generations' wires")
struct GenerationWireTests {
    private static func text(_ response: WireResponse) -> String { String(decoding: response.body, as: UTF8.self) }

    private static func server(_ wires: [String: GenerationWire]) throws(WireError) -> EmbeddedServer {
        try EmbeddedServer(
            storage: InMemoryBackendStorage(), configuration: BackendConfiguration(hashIterations: 1),
            clock: TestClock(), wires: wires)
    }

    @Test(
        "Whatever the selection, the graph's server answers /v1 and /v2, each in its own envelope",
        arguments: ["v1", "v2"])
    func everyGeneration(selection: String) async throws {
        let graph = try TestGraph([ImplV1Module(), ImplV2Module()], default: selection)
        let server = try graph.injector.resolve(EmbeddedServer.self)
        #expect(server.routePrefixes == ["/v1", "/v2"])
        let wires = try graph.injector.resolve([String: GenerationWire].self)
        #expect(wires.keys.sorted() == ["v1", "v2"])
        let v1 = try await server.handle(WireRequest(method: "GET", path: "/v1/products"))
        #expect(
            Self.text(v1).hasPrefix(#"{"data":{"items":[{"#)
                && Self.text(v1).hasSuffix(#""desc":"success","status":"000000"}"#))
        // V2's wire signs: the server checks it, and refuses in V2's envelope.
        let unsigned = try await server.handle(WireRequest(method: "GET", path: "/v2/products"))
        #expect(Self.text(unsigned).hasPrefix(#"{"code":40001,"data":null,"msg":"#))
        // A route V1's wire does not have is not found, in V1's envelope.
        let card = try await server.handle(WireRequest(method: "GET", path: "/v1/payment"))
        #expect(Self.text(card) == #"{"data":null,"desc":"no route GET \/v1\/payment","status":"100005"}"#)
    }

    @Test("A path under no served generation is a 404 that names the prefixes served")
    func unknownPrefix() async throws {
        let server = try Self.server(["v1": .v1, "v2": .v2])
        for path in ["/v9/products", "/products", "/v1", "v1/products", ""] {
            let response = try await server.handle(WireRequest(method: "GET", path: path))
            #expect(response.status == 404)
            #expect(Self.text(response) == "no such route: \(path); the routes served start with /v1/, /v2/")
        }
        let none = try await Self.server([:]).handle(WireRequest(method: "GET", path: "/v1/products"))
        #expect(Self.text(none) == "no such route: /v1/products; this backend serves no generation")
    }

    @Test("A wire a test contributes is served with no change to the backend: its routes, its envelope, unsigned")
    func contributedWire() async throws {
        let beta = GenerationWire(
            generation: "beta", envelope: .v2, signsRequests: false, routes: ["GET /products": .products])
        let graph = try TestGraph([ImplV1Module(), ImplV2Module(), BetaWireModule(wire: beta)], default: "v1")
        let server = try graph.injector.resolve(EmbeddedServer.self)
        #expect(server.routePrefixes == ["/beta", "/v1", "/v2"])
        let products = try await server.handle(WireRequest(method: "GET", path: "/beta/products?page=2"))
        let page = try EnvelopeFormat.v2.decode(Data(products.body), as: ProductPage.self)
        #expect(page.code == .success && page.payload?.page == 2)
        let cart = try await server.handle(WireRequest(method: "GET", path: "/beta/cart"))
        #expect(Self.text(cart) == #"{"code":40401,"data":null,"msg":"no route GET \/beta\/cart"}"#)
    }

    @Test(
        "A wire the backend cannot serve fails the server's construction, saying what to fix",
        arguments: [
            (
                ["v2": GenerationWire.v1], WireError.keyMismatch(key: "v2", generation: "v1"),
                "the wire contributed under 'v2' is generation 'v1'; contribute each wire under its own generation's name: binder.contribute(GenerationWire.self, key: wire.generation)"
            ),
            (
                ["v 1": GenerationWire(generation: "v 1", envelope: .v1, signsRequests: false, routes: [:])],
                .badGeneration("v 1"),
                "the generation name 'v 1' cannot prefix routes; name a generation with one path segment of letters and digits, such as v2"
            ),
            (
                [
                    "v1": GenerationWire(
                        generation: "v1", envelope: .v1, signsRequests: false, routes: ["cart": .cartLines])
                ],
                .badRoute(generation: "v1", route: "cart"),
                "v1's route 'cart' is not written METHOD /path, such as 'GET /cart'"
            ),
            (
                [
                    "v3": GenerationWire(
                        generation: "v3", envelope: .v2, signsRequests: false, routes: ["GET /email": Endpoint("email")]
                    )
                ],
                .unknownEndpoint(generation: "v3", route: "GET /email", endpoint: Endpoint("email")),
                "v3's route GET /email goes to the endpoint 'email', which the embedded backend does not have; route it to one of its endpoints, such as .cartTotalled"
            ),
        ])
    func unservable(wires: [String: GenerationWire], error: WireError, message: String) {
        #expect(throws: error) { _ = try Self.server(wires) }
        #expect(error.description == message)
    }

    @Test("Through the graph, a bad wire fails resolving the server with the wire's own error")
    func unservableInTheGraph() throws {
        let bad = GenerationWire(generation: "v1", envelope: .v1, signsRequests: false, routes: [:])
        let graph = try TestGraph([ImplV2Module(), BetaWireModule(wire: bad, key: "v1beta")], default: "v2")
        let failure = try #require(throws: ResolutionError.self) { try graph.injector.resolve(EmbeddedServer.self) }
        guard case .factoryFailed(let cause as WireError) = failure.reason else {
            Issue.record("expected the wire's error, got \(failure)")
            return
        }
        #expect(cause == .keyMismatch(key: "v1beta", generation: "v1"))
    }
}

/// A test's own generation wire, contributed as the generations' modules contribute theirs.
private struct BetaWireModule: Module {
    let wire: GenerationWire
    var key: String?

    func configure(_ binder: Binder) {
        let wire = wire
        binder.contribute(GenerationWire.self, key: key ?? wire.generation) { wire }
    }
}
