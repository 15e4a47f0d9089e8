import Backend
import Cryptography
import Foundation
import Protocols
import Testing
import WireFormat

@Suite("Backend: signatures and stored secrets")
struct SecurityTests {
    private let signer = RequestSigner(secret: BackendConfiguration.defaultClientSecret)

    private func send(_ harness: Harness, path: String = "/v2/products", body: [UInt8] = [], headers: [String: String])
        async throws -> String
    {
        let response = try await harness.server.handle(
            WireRequest(method: "GET", path: path, headers: headers, body: body))
        return String(decoding: response.body, as: UTF8.self)
    }

    @Test("A changed body, an old timestamp and a replayed nonce are each rejected")
    func tampering() async throws {
        let harness = try Harness()
        let now = harness.clock.secondsSince1970()
        let headers = signer.headers(method: "GET", path: "/v2/products", body: [], timestamp: now, nonce: "nonce-0001")
        #expect(
            try await send(harness, body: Array("{}".utf8), headers: headers).contains(
                #""msg":"the request's signature does not match its content""#))
        let old = signer.headers(
            method: "GET", path: "/v2/products", body: [], timestamp: now - 600, nonce: "nonce-0002")
        #expect(try await send(harness, headers: old).contains(#""code":40001"#))
        #expect(try await send(harness, headers: headers).contains(#""code":200"#))
        #expect(
            try await send(harness, headers: headers).contains(
                #""msg":"the request's nonce was already used; a signed request cannot be sent twice""#))
        #expect(try await send(harness, headers: [:]).contains("header X-Graft-Timestamp is missing"))
    }

    @Test("V1 requests need no signature")
    func v1Unsigned() async throws {
        let response = try await Harness().server.handle(WireRequest(method: "GET", path: "/v1/products"))
        #expect(String(decoding: response.body, as: UTF8.self).contains(#""status":"000000""#))
    }

    @Test("An unknown route prefix is an HTTP 404")
    func unknownPrefix() async throws {
        let response = try await Harness().server.handle(WireRequest(method: "GET", path: "/v3/products"))
        #expect(response.status == 404)
    }

    @Test("Passwords, gesture passwords and PINs are stored only as salted hashes")
    func hashedSecrets() async throws {
        let path = NSTemporaryDirectory() + "graft-backend-\(UUID().uuidString)/backend.json"
        let harness = try Harness(storage: FileBackendStorage(path: path))
        let token = try await harness.account(password: "correct horse")
        _ = try await harness.api.send(
            .v2, "POST", "/gesture", body: GestureRequest(gesture: "14789"), token: token, as: Customer.self)
        _ = try await harness.api.send(
            .v2, "POST", "/pay-password", body: PayPasswordRequest(pin: "909192"), token: token, as: Customer.self)
        _ = try await harness.api.send(
            .v2, "POST", "/cards", body: BankCard(number: "4242424242424242", holder: "Ada"), token: token,
            as: Customer.self)
        let stored = try String(contentsOfFile: path, encoding: .utf8)
        for secret in ["correct horse", "14789", "909192", "4242424242424242"] {
            #expect(!stored.contains(secret), "\(secret) is stored in clear")
        }
        // Two accounts with one password get different hashes: the salt differs.
        try await harness.account("13800000002", password: "correct horse")
        let hashes = stored.components(separatedBy: "\"hash\"").count
        #expect(hashes >= 3)
    }

    @Test("A file backend keeps its data for the next server, and a corrupt file is reported as local data, naming it")
    func fileStorage() async throws {
        let path = NSTemporaryDirectory() + "graft-backend-\(UUID().uuidString)/backend.json"
        try await Harness(storage: FileBackendStorage(path: path)).account()
        let next = try Harness(storage: FileBackendStorage(path: path))
        _ = try await next.login()
        try Data("{not json".utf8).write(to: URL(fileURLWithPath: path))
        let error = await #expect(throws: LocalFileError.self) {
            _ = try await next.server.handle(WireRequest(method: "GET", path: "/v1/products"))
        }
        #expect(error?.description.hasPrefix("\(path) is corrupt (") == true)
    }
}
