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
        let canonical = [method.uppercased(), path, String(timestamp), nonce, hex(SHA256.hash(body))].joined(separator: "\n")
        return hex(authenticator.authenticationCode(for: Array(canonical.utf8)))
    }

    /// The three headers that sign a request.
    public func headers(method: String, path: String, body: [UInt8], timestamp: Int, nonce: String) -> [String: String] {
        [
            Self.timestampHeader: String(timestamp),
            Self.nonceHeader: nonce,
            Self.signatureHeader: signature(method: method, path: path, timestamp: timestamp, nonce: nonce, body: body),
        ]
    }
}

/// Checks the signature of a V2 request, as the backend does: every header present and well
/// formed, the timestamp within ``window`` seconds of now, the nonce not seen before, and the
/// signature matching.
public struct SignatureVerifier: Sendable {
    private let signer: RequestSigner
    /// How far, in seconds, a request's timestamp may be from the server's clock.
    public let window: Int

    /// A verifier for the client secret `secret`.
    public init(secret: [UInt8], window: Int = 300) {
        signer = RequestSigner(secret: secret)
        self.window = window
    }

    /// Checks a request, and returns its nonce for the caller to remember until the window
    /// has passed.
    ///
    /// - Parameters:
    ///   - headers: The request's headers; names are matched without regard to case.
    ///   - now: The server's clock, in seconds since 1970.
    ///   - isUsed: Whether a nonce was seen within the window.
    /// - Throws: ``SignatureError`` saying what is wrong.
    public func verify(method: String, path: String, body: [UInt8], headers: [String: String], now: Int,
                       isUsed: (String) -> Bool) throws(SignatureError) -> String {
        func header(_ name: String) throws(SignatureError) -> String {
            let wanted = name.lowercased()
            guard let value = headers.first(where: { $0.key.lowercased() == wanted })?.value else {
                throw .missingHeader(name)
            }
            return value
        }
        let timestampText = try header(RequestSigner.timestampHeader)
        let nonce = try header(RequestSigner.nonceHeader)
        let signature = try header(RequestSigner.signatureHeader)
        guard let timestamp = Int(timestampText), timestampText.allSatisfy(\.isASCII) else {
            throw .malformedTimestamp
        }
        guard (8...128).contains(nonce.utf8.count),
              nonce.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-") }) else {
            throw .malformedNonce
        }
        guard abs(now - timestamp) <= window else { throw .staleTimestamp(skew: now - timestamp, window: window) }
        let expected = signer.signature(method: method, path: path, timestamp: timestamp, nonce: nonce, body: body)
        guard constantTimeEquals(Array(signature.lowercased().utf8), Array(expected.utf8)) else { throw .badSignature }
        guard !isUsed(nonce) else { throw .replayedNonce }
        return nonce
    }
}

/// Why a signed request was refused. The texts never include the signature or the secret.
public enum SignatureError: Error, Equatable, CustomStringConvertible {
    case missingHeader(String)
    case malformedTimestamp
    case malformedNonce
    case staleTimestamp(skew: Int, window: Int)
    case badSignature
    case replayedNonce

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

/// Lower-case hex digits of `bytes`.
func hex(_ bytes: [UInt8]) -> String {
    let digits = Array("0123456789abcdef".utf8)
    var text: [UInt8] = []
    text.reserveCapacity(bytes.count * 2)
    for byte in bytes {
        text.append(digits[Int(byte >> 4)])
        text.append(digits[Int(byte & 0x0f)])
    }
    return String(decoding: text, as: UTF8.self)
}
