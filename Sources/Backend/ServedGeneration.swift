import WireFormat

/// A generation the embedded backend serves: its wire, and the handler of each of its routes,
/// looked up once when the server is built, so a request never meets an unknown endpoint.
struct ServedGeneration: Sendable {
    let wire: GenerationWire
    /// Each route's handler, by `METHOD /path` without the prefix.
    let routes: [String: EmbeddedServer.Route]

    /// `wire`, contributed under `key`, with its routes bound to `endpoints`.
    /// - Throws: ``WireError`` when the wire cannot be served.
    init(_ wire: GenerationWire, key: String, endpoints: [Endpoint: EmbeddedServer.Route]) throws(WireError) {
        guard key == wire.generation else { throw .keyMismatch(key: key, generation: wire.generation) }
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.")
        guard !wire.generation.isEmpty, wire.generation.allSatisfy(allowed.contains),
            wire.generation != ".", wire.generation != ".."
        else { throw .badGeneration(wire.generation) }
        var routes: [String: EmbeddedServer.Route] = [:]
        for (route, endpoint) in wire.routes.sorted(by: { $0.key < $1.key }) {
            let parts = route.split(separator: " ", omittingEmptySubsequences: false)
            guard parts.count == 2, !parts[0].isEmpty, parts[0] == parts[0].uppercased(), parts[1].hasPrefix("/"),
                !parts[1].contains("?")
            else { throw .badRoute(generation: wire.generation, route: route) }
            guard let handler = endpoints[endpoint] else {
                throw .unknownEndpoint(generation: wire.generation, route: route, endpoint: endpoint)
            }
            routes[route] = handler
        }
        self.wire = wire
        self.routes = routes
    }
}
