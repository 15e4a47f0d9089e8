/// Why a signed request was refused. The texts never include the signature or the secret.
public enum SignatureError: Error, Equatable, CustomStringConvertible {
    case missingHeader(String)
    case malformedTimestamp
    case malformedNonce
    case staleTimestamp(skew: Int, window: Int)
    case badSignature
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
