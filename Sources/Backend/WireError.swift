import TextRules
import WireFormat

/// A generation's wire that the embedded backend cannot serve, found when the server is built
/// from the map of contributed wires (`binder.contribute(GenerationWire.self, key: …)`).
public enum WireError: Error, Equatable, CustomStringConvertible {
    /// The wire was contributed under a key that is not its generation's name.
    case keyMismatch(key: String, generation: String)
    /// The generation's name is not one path segment of letters, digits, `-`, `_` or `.`.
    case badGeneration(String)
    /// A route is not written `METHOD /path`.
    case badRoute(generation: String, route: String)
    /// A route names an endpoint the embedded backend does not have.
    case unknownEndpoint(generation: String, route: String, endpoint: Endpoint)

    /// What is wrong, and how to fix it.
    public var description: String {
        switch self {
        case .keyMismatch(let key, let generation):
            "the wire contributed under \(DisplayText.quoted(key)) is generation \(DisplayText.quoted(generation)); "
                + "contribute each wire under its own generation's name: "
                + "binder.contribute(GenerationWire.self, key: wire.generation)"
        case .badGeneration(let generation):
            "the generation name \(DisplayText.quoted(generation)) cannot prefix routes; "
                + "name a generation with one path segment of letters and digits, such as v2"
        case .badRoute(let generation, let route):
            "\(generation)'s route \(DisplayText.quoted(route)) is not written METHOD /path, such as 'GET /cart'"
        case .unknownEndpoint(let generation, let route, let endpoint):
            "\(generation)'s route \(route) goes to the endpoint \(DisplayText.quoted(endpoint.name)), "
                + "which the embedded backend does not have; route it to one of its endpoints, such as .cartTotalled"
        }
    }
}
