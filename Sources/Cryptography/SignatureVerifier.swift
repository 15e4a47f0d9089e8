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

    /// Checks a request, and returns its nonce.
    ///
    /// - Throws: ``SignatureError`` saying what is wrong.
    public func verify(
        method: String, path: String, body: [UInt8], headers: [String: String], now: Int,
        isUsed: (String) -> Bool
    ) throws(SignatureError) -> String {
        try accept(method: method, path: path, body: body, headers: headers, now: now, isUsed: isUsed).nonce
    }

    /// Checks a request, and returns its nonce with the time until which it must be remembered:
    /// the end of the window of the request's own timestamp. A request dated ahead of the server's
    /// clock is accepted until that time, so a nonce forgotten sooner could be replayed.
    ///
    /// - Parameters:
    ///   - headers: The request's headers; names are matched without regard to case.
    ///   - now: The server's clock, in seconds since 1970.
    ///   - isUsed: Whether a nonce is still remembered.
    /// - Throws: ``SignatureError`` saying what is wrong.
    public func accept(
        method: String, path: String, body: [UInt8], headers: [String: String], now: Int,
        isUsed: (String) -> Bool
    ) throws(SignatureError) -> (nonce: String, rememberUntil: Int) {
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
            nonce.unicodeScalars.allSatisfy({
                $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-")
            })
        else {
            throw .malformedNonce
        }
        guard abs(now - timestamp) <= window else { throw .staleTimestamp(skew: now - timestamp, window: window) }
        let expected = signer.signature(method: method, path: path, timestamp: timestamp, nonce: nonce, body: body)
        guard constantTimeEquals(Array(signature.lowercased().utf8), Array(expected.utf8)) else { throw .badSignature }
        guard !isUsed(nonce) else { throw .replayedNonce }
        return (nonce, timestamp + window)
    }
}
