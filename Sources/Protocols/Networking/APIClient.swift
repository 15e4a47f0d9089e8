import Foundation

/// Speaks the wire protocol over a ``Transport``: prefixes the generation's route, encodes the
/// body as JSON, adds the session token, signs V2 requests, and unwraps the answer from its
/// envelope.
///
/// ```swift
/// let cart = try await api.send(.v2, "GET", "/cart", token: session.token, as: Cart.self)
/// ```
public final class APIClient: Sendable {
    private let transport: any Transport
    private let signer: RequestSigner
    private let clock: any WallClock

    /// A client that signs V2 requests with `signer`, dated by `clock`.
    public init(transport: any Transport, signer: RequestSigner, clock: any WallClock) {
        self.transport = transport
        self.signer = signer
        self.clock = clock
    }

    /// Sends a request of `generation` and reads its answer.
    ///
    /// - Parameters:
    ///   - path: The route without the generation's prefix: `/cart/batch`.
    ///   - body: Encoded as JSON; `nil` sends no body.
    ///   - token: The session token, sent as `Authorization: Bearer …`.
    /// - Returns: The answer; a business failure is an answer too, with its code and message.
    /// - Throws: ``TransportError``: the transport's, ``TransportError/badServerResponse(status:detail:)``
    ///   for an HTTP error status, or ``TransportError/undecodableBody(field:reason:)``.
    public func send<Payload: Decodable & Sendable>(
        _ generation: Generation, _ method: String, _ path: String, body: (any Encodable & Sendable)? = nil,
        token: String? = nil, as payload: Payload.Type
    ) async throws(TransportError) -> Envelope<Payload> {
        var request = WireRequest(method: method.uppercased(), path: generation.routePrefix + path)
        if let body {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            // Our request bodies are plain structs of strings and numbers; encoding cannot fail.
            request.body = Array(try! encoder.encode(body))
            request.headers["Content-Type"] = "application/json"
        }
        if let token { request.headers["Authorization"] = "Bearer \(token)" }
        if generation.signsRequests {
            request.headers.merge(signer.headers(method: request.method, path: request.path, body: request.body,
                                                 timestamp: clock.secondsSince1970(), nonce: UUID().uuidString),
                                  uniquingKeysWith: { _, signed in signed })
        }
        let response = try await transport.send(request)
        guard (200..<300).contains(response.status) else {
            throw .badServerResponse(status: response.status, detail: Self.describe(response.body))
        }
        return try Envelope<Payload>.decode(Data(response.body), generation: generation)
    }

    /// What a body that is not an answer holds, for the person: its size and its start, cleaned.
    static func describe(_ body: [UInt8]) -> String {
        guard !body.isEmpty else { return "no body" }
        let start = DisplayText.cleaned(String(decoding: body.prefix(200), as: UTF8.self), limit: 60)
        return "\(body.count) bytes that are not an answer, starting \"\(start)\""
    }
}
