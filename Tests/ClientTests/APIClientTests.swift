import Client
import Cryptography
import Foundation
import ImplV1
import ImplV2
import Protocols
import Testing
import TestSupport
import WireFormat

struct AddLine: Codable, Sendable {
    let productID: String
    let quantity: Int
}

@Suite("API client")
struct APIClientTests {
    private let secret = Array("client-secret".utf8)

    /// The client of `generation` as its module builds it: V1's plain, V2's over a signing
    /// transport, with the transport and the clock faked.
    private func client(_ generation: String, _ transport: ScriptedTransport) -> APIClient {
        guard generation == "v2" else { return APIClient(generation: generation, transport: transport, envelope: .v1) }
        let signed = SigningTransport(
            inner: transport, signer: RequestSigner(secret: secret), clock: FixedWallClock(now: 1_790_000_000))
        return APIClient(generation: generation, transport: signed, envelope: .v2)
    }

    private func answer(_ text: String, status: Int = 200) -> Result<WireResponse, TransportError> {
        .success(WireResponse(status: status, body: Array(text.utf8)))
    }

    @Test("A V1 request goes to /v1 unsigned, and its answer is unwrapped")
    func v1Request() async throws {
        let transport = ScriptedTransport([answer(#"{"status":"000000","desc":"ok","data":{"items":[]}}"#)])
        let answer = try await client("v1", transport).send("get", "/products", as: Page.self)
        #expect(answer.payload == Page(items: []))
        let request = try #require(transport.requests.first)
        #expect(request.method == "GET")
        #expect(request.path == "/v1/products")
        #expect(request.body.isEmpty)
        #expect(request.headers[RequestSigner.signatureHeader] == nil)
    }

    @Test("A V2 request is signed so the backend's verifier accepts it, and carries the token and body")
    func v2Signed() async throws {
        let transport = ScriptedTransport([answer(#"{"code":200,"msg":"success","data":{}}"#)])
        _ = try await client("v2", transport).send(
            "POST", "/cart/batch", body: [AddLine(productID: "p1", quantity: 2)],
            token: "token-1", as: Empty.self)
        let request = try #require(transport.requests.first)
        #expect(request.path == "/v2/cart/batch")
        #expect(request.headers["Authorization"] == "Bearer token-1")
        #expect(String(decoding: request.body, as: UTF8.self) == #"[{"productID":"p1","quantity":2}]"#)
        let nonce = try SignatureVerifier(secret: secret).verify(
            method: request.method, path: request.path, body: request.body, headers: request.headers,
            now: 1_790_000_010, isUsed: { _ in false })
        #expect(!nonce.isEmpty)
    }

    @Test("Two V2 requests never share a nonce")
    func freshNonces() async throws {
        let ok = answer(#"{"code":200,"msg":"success","data":{}}"#)
        let transport = ScriptedTransport([ok, ok])
        let api = client("v2", transport)
        _ = try await api.send("GET", "/cart", as: Empty.self)
        _ = try await api.send("GET", "/cart", as: Empty.self)
        let nonces = transport.requests.map { $0.headers[RequestSigner.nonceHeader] }
        #expect(nonces[0] != nonces[1])
    }

    @Test("A business failure is an answer with its code and message")
    func businessFailure() async throws {
        let transport = ScriptedTransport([answer(#"{"code":40101,"msg":"wrong password","data":null}"#)])
        let answer = try await client("v2", transport).send("POST", "/login", as: Empty.self)
        #expect(answer.code == .wrongPassword)
        #expect(answer.message == "wrong password")
    }

    @Test("An HTTP error status is a bad server response, whatever the body")
    func httpError() async throws {
        let transport = ScriptedTransport([
            answer("<html>Internal Server Error</html>", status: 500), answer("", status: 404),
        ])
        let api = client("v2", transport)
        await #expect(
            throws: TransportError.badServerResponse(
                status: 500, detail: #"34 bytes that are not an answer, starting "<html>Internal Server Error</html>""#)
        ) {
            _ = try await api.send("GET", "/cart", as: Empty.self)
        }
        await #expect(throws: TransportError.badServerResponse(status: 404, detail: "no body")) {
            _ = try await api.send("GET", "/cart", as: Empty.self)
        }
    }

    @Test("A body that is not an answer names what is wrong")
    func undecodable() async throws {
        let transport = ScriptedTransport([answer("not json")])
        await #expect(throws: TransportError.undecodableBody(field: "body", reason: "not JSON")) {
            _ = try await client("v1", transport).send("GET", "/products", as: Page.self)
        }
    }

    @Test("The transport's own errors reach the caller unchanged")
    func transportErrors() async throws {
        let transport = ScriptedTransport([.failure(.timedOut), .failure(.cannotConnect("127.0.0.1:1"))])
        let api = client("v2", transport)
        await #expect(throws: TransportError.timedOut) { _ = try await api.send("GET", "/cart", as: Empty.self) }
        await #expect(throws: TransportError.cannotConnect("127.0.0.1:1")) {
            _ = try await api.send("GET", "/cart", as: Empty.self)
        }
    }
}
