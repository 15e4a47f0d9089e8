import Cryptography
import Testing

@Suite("Request signing")
struct RequestSigningTests {
    private let secret = Array("client-secret".utf8)
    private let body = Array(#"{"items":[{"id":"p1","quantity":2}]}"#.utf8)
    private let now = 1_790_000_000

    private func signed(body: [UInt8]? = nil, timestamp: Int? = nil, nonce: String = "nonce-0001") -> [String: String] {
        RequestSigner(secret: secret).headers(
            method: "POST", path: "/v2/cart/batch", body: body ?? self.body,
            timestamp: timestamp ?? now, nonce: nonce)
    }

    private func verify(
        _ headers: [String: String], body: [UInt8]? = nil, path: String = "/v2/cart/batch",
        used: Set<String> = []
    ) -> Result<String, SignatureError> {
        Result { () throws(SignatureError) in
            try SignatureVerifier(secret: secret).verify(
                method: "POST", path: path, body: body ?? self.body,
                headers: headers, now: now, isUsed: used.contains)
        }
    }

    @Test("A signed request verifies and hands back its nonce")
    func verifies() {
        #expect(verify(signed()) == .success("nonce-0001"))
    }

    @Test("Header names match without regard to case")
    func headerCase() {
        let lowered = Dictionary(uniqueKeysWithValues: signed().map { ($0.key.lowercased(), $0.value) })
        #expect(verify(lowered) == .success("nonce-0001"))
    }

    @Test("The signature is a fixed function of the request")
    func knownSignature() {
        let signature = RequestSigner(secret: secret).signature(
            method: "post", path: "/v2/cart", timestamp: 1, nonce: "abcdefgh", body: [])
        #expect(signature.count == 64)
        #expect(
            signature
                == RequestSigner(secret: secret).signature(
                    method: "POST", path: "/v2/cart", timestamp: 1, nonce: "abcdefgh", body: []))
        #expect(
            signature
                != RequestSigner(secret: Array("other".utf8)).signature(
                    method: "POST", path: "/v2/cart", timestamp: 1, nonce: "abcdefgh", body: []))
    }

    @Test("A changed body is rejected")
    func tamperedBody() {
        #expect(
            verify(signed(), body: Array(#"{"items":[{"id":"p1","quantity":20}]}"#.utf8)) == .failure(.badSignature))
    }

    @Test("A changed path is rejected")
    func tamperedPath() {
        #expect(verify(signed(), path: "/v2/cart/clear") == .failure(.badSignature))
    }

    @Test("An old timestamp is rejected, and so is one from the future")
    func staleTimestamp() {
        #expect(verify(signed(timestamp: now - 301)) == .failure(.staleTimestamp(skew: 301, window: 300)))
        #expect(verify(signed(timestamp: now + 400)) == .failure(.staleTimestamp(skew: -400, window: 300)))
        #expect(verify(signed(timestamp: now - 300)) == .success("nonce-0001"))
    }

    @Test("A replayed nonce is rejected")
    func replayedNonce() {
        #expect(verify(signed(), used: ["nonce-0001"]) == .failure(.replayedNonce))
    }

    @Test("Missing and malformed headers are named")
    func malformedHeaders() {
        var headers = signed()
        headers[RequestSigner.signatureHeader] = nil
        #expect(verify(headers) == .failure(.missingHeader("X-Graft-Signature")))
        #expect(verify([:]) == .failure(.missingHeader("X-Graft-Timestamp")))
        headers = signed()
        headers[RequestSigner.timestampHeader] = "yesterday"
        #expect(verify(headers) == .failure(.malformedTimestamp))
        #expect(verify(signed(nonce: "short")) == .failure(.malformedNonce))
        #expect(verify(signed(nonce: "has spaces in it")) == .failure(.malformedNonce))
        headers = signed()
        headers[RequestSigner.signatureHeader] = "zz"
        #expect(verify(headers) == .failure(.badSignature))
    }

    @Test("Refusals read as one line and reveal no secret")
    func descriptions() {
        #expect(
            SignatureError.staleTimestamp(skew: 301, window: 300).description
                == "the request's timestamp is 301 s old; at most 300 s is accepted (check the clock)")
        #expect(
            SignatureError.missingHeader("X-Graft-Nonce").description
                == "the request is not signed: header X-Graft-Nonce is missing")
        #expect(!SignatureError.badSignature.description.contains("client-secret"))
    }
}
