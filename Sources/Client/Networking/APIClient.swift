import Foundation
import Protocols
import TextRules
import WireFormat

/// A ``ServiceClient`` for one generation: prefixes the generation's routes, encodes the body
/// as JSON, adds the session token, and unwraps the answer from the generation's envelope.
/// What else a generation needs on the wire (V2's signatures) wraps the transport it is given.
///
/// ```swift
/// let v1 = APIClient(wire: .v1, transport: transport)
/// let answer = try await v1.send("GET", "/cart", body: nil, token: session.token, as: CartLinesAnswer.self)
/// ```
public final class APIClient: ServiceClient {
    /// The generation this client speaks; its routes start with `/` and this name.
    public let generation: String
    private let transport: any Transport
    private let envelope: EnvelopeFormat

    /// A client for `generation` that sends through `transport` and reads answers in `envelope`.
    public init(generation: String, transport: any Transport, envelope: EnvelopeFormat) {
        self.generation = generation
        self.transport = transport
        self.envelope = envelope
    }

    /// A client for the generation of `wire`, its prefix and envelope, that sends through
    /// `transport`. (Whether requests are signed is the transport's business: a generation
    /// whose wire signs wraps the transport it gives here in a signing decorator.)
    public convenience init(wire: GenerationWire, transport: any Transport) {
        self.init(generation: wire.generation, transport: transport, envelope: wire.envelope)
    }

    /// Sends a request of this client's generation and reads its answer.
    ///
    /// - Parameters:
    ///   - method: The HTTP method, in any case: `get` is sent as `GET`.
    ///   - path: The route without the generation's prefix: `/cart/batch`.
    ///   - body: Encoded as JSON; `nil` sends no body.
    ///   - token: The session token, sent as `Authorization: Bearer …`.
    ///   - payload: The type of the answer's `data` member.
    /// - Returns: The answer; a business failure is an answer too, with its code and message.
    /// - Throws: ``TransportError``: the transport's, ``TransportError/badServerResponse(status:detail:)``
    ///   for an HTTP error status, or ``TransportError/undecodableBody(field:reason:)``.
    public func send<Payload: Decodable & Sendable>(
        _ method: String, _ path: String, body: (any Encodable & Sendable)? = nil,
        token: String? = nil, as payload: Payload.Type
    ) async throws(TransportError) -> Envelope<Payload> {
        var request = WireRequest(method: method.uppercased(), path: "/\(generation)" + path)
        if let body {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            // Our request bodies are plain structs of strings and numbers; encoding cannot fail.
            request.body = Array(try! encoder.encode(body))
            request.headers["Content-Type"] = "application/json"
        }
        if let token { request.headers["Authorization"] = "Bearer \(token)" }
        let response = try await transport.send(request)
        guard (200..<300).contains(response.status) else {
            throw .badServerResponse(status: response.status, detail: Self.describe(response.body))
        }
        return try envelope.decode(Data(response.body), as: payload)
    }

    /// What a body that is not an answer holds, for the person: its size and its start, cleaned.
    static func describe(_ body: [UInt8]) -> String {
        guard !body.isEmpty else { return "no body" }
        let start = DisplayText.cleaned(String(decoding: body.prefix(200), as: UTF8.self), limit: 60)
        return "\(body.count) bytes that are not an answer, starting \"\(start)\""
    }
}
