/// Speaks one generation's wire protocol over a ``Transport`` — its routes, its envelope, its
/// request security — and hands back the server's answer unwrapped.
///
/// Each generation's module binds its own client under a name of its own, so that services of
/// different generations in one graph each speak their own protocol.
public protocol ServiceClient: Sendable {
    /// The generation this client speaks, as a ``Session`` records it: `v1`, `v2`.
    var generation: String { get }

    /// Sends a request and reads its answer.
    ///
    /// - Parameters:
    ///   - method: The HTTP method: `GET`, `POST`.
    ///   - path: The route without the generation's prefix: `/cart/batch`.
    ///   - body: Encoded as JSON; `nil` sends no body.
    ///   - token: The session token, sent as `Authorization: Bearer …`.
    ///   - payload: The type of the answer's `data` member.
    /// - Returns: The answer; a business failure is an answer too, with its code and message.
    /// - Throws: ``TransportError`` when no business answer came back.
    func send<Payload: Decodable & Sendable>(
        _ method: String, _ path: String, body: (any Encodable & Sendable)?, token: String?, as payload: Payload.Type
    ) async throws(TransportError) -> Envelope<Payload>
}
