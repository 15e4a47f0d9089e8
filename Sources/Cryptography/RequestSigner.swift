/// Signs V2 requests: an HMAC-SHA256, keyed with the client's secret, over the method, the
/// path, a timestamp, a single-use nonce and the SHA-256 of the body.
///
/// ```swift
/// let signer = RequestSigner(secret: clientSecret)
/// let headers = signer.headers(method: "POST", path: "/v2/cart/batch", body: body,
///                              timestamp: now, nonce: UUID().uuidString)
/// ```
public struct RequestSigner: Sendable {
    /// Seconds since 1970, as decimal digits.
    public static let timestampHeader = "X-Graft-Timestamp"
    /// A value the client never sends twice.
    public static let nonceHeader = "X-Graft-Nonce"
    /// The signature, as 64 lower-case hex digits.
    public static let signatureHeader = "X-Graft-Signature"

    private let authenticator: HMAC

    /// A signer for the client secret `secret`.
    public init(secret: [UInt8]) {
        authenticator = HMAC(key: secret)
    }

    /// The signature of a request, as lower-case hex.
    public func signature(method: String, path: String, timestamp: Int, nonce: String, body: [UInt8]) -> String {
        let canonical = [method.uppercased(), path, String(timestamp), nonce, Hex.encode(SHA256.hash(body))].joined(
            separator: "\n")
        return Hex.encode(authenticator.authenticationCode(for: Array(canonical.utf8)))
    }

    /// The three headers that sign a request.
    public func headers(method: String, path: String, body: [UInt8], timestamp: Int, nonce: String) -> [String: String]
    {
        [
            Self.timestampHeader: String(timestamp),
            Self.nonceHeader: nonce,
            Self.signatureHeader: signature(method: method, path: path, timestamp: timestamp, nonce: nonce, body: body),
        ]
    }
}
