/// A server's answer, unwrapped from its generation's envelope: the business code, the
/// server's message and, for a successful answer, the payload.
///
/// How an answer is written on the wire is the generation's business (`EnvelopeFormat` in
/// the `WireFormat` target); every generation unwraps to this.
///
/// ```swift
/// let answer = try await client.send("GET", "/cart", body: nil, token: token, as: Cart.self)
/// if answer.code == .success { show(answer.payload) }
/// ```
public struct Envelope<Payload: Sendable>: Sendable {
    /// What the answer means.
    public let code: BusinessCode
    /// The server's words, for the person (`desc` in V1, `msg` in V2).
    public let message: String
    /// The `data` member, when present and well formed; always present for a success.
    public let payload: Payload?

    /// An answer, as a server would send it.
    public init(code: BusinessCode, message: String, payload: Payload?) {
        self.code = code
        self.message = message
        self.payload = payload
    }
}
