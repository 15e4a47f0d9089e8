/// Why a signed request was refused. The texts never include the signature or the secret.
public enum SignatureError: Error, Equatable, CustomStringConvertible {
    /// The request lacks the named signing header: it was sent unsigned.
    case missingHeader(String)
    /// The timestamp header is not whole seconds since 1970.
    case malformedTimestamp
    /// The nonce header is not 8 to 128 letters, digits or '-'.
    case malformedNonce
    /// The timestamp is `skew` seconds from the server's clock (positive: in the past), more than
    /// the `window` seconds accepted: an old request replayed, or a client with a wrong clock.
    case staleTimestamp(skew: Int, window: Int)
    /// The signature does not match the method, path, timestamp, nonce and body: the request was
    /// changed on the way, or signed with another secret.
    case badSignature
    /// The nonce was already used within its timestamp's window: the same signed request sent again.
    case replayedNonce

    /// What is wrong with the request, for the client to show.
    public var description: String {
        switch self {
        case .missingHeader(let name): "the request is not signed: header \(name) is missing"
        case .malformedTimestamp: "header \(RequestSigner.timestampHeader) must be whole seconds since 1970"
        case .malformedNonce: "header \(RequestSigner.nonceHeader) must be 8 to 128 letters, digits or '-'"
        case .staleTimestamp(let skew, let window):
            "the request's timestamp is \(abs(skew)) s \(skew > 0 ? "old" : "ahead"); at most \(window) s is accepted (check the clock)"
        case .badSignature: "the request's signature does not match its content"
        case .replayedNonce: "the request's nonce was already used; a signed request cannot be sent twice"
        }
    }
}
