import Backend
import Cryptography
import Foundation
import Protocols
import Testing
import WireFormat

/// What a stolen file, a leaked token, a guessed SMS code or a request dated ahead can do.
@Suite("Backend: tokens, logout, SMS guesses and replays")
struct SessionSecurityTests {
    private let signer = RequestSigner(secret: BackendConfiguration.defaultClientSecret)

    @Test("backend.json holds a session's SHA-256, never the token, and the token still works")
    func tokenHashes() async throws {
        let path = NSTemporaryDirectory() + "graft-backend-\(UUID().uuidString)/backend.json"
        let harness = try Harness(storage: FileBackendStorage(path: path))
        let token = try await harness.account()
        let stored = try String(contentsOfFile: path, encoding: .utf8)
        #expect(!stored.contains(token))
        #expect(stored.contains(Hex.encode(SHA256.hash(Array(token.utf8)))))
        #expect(try await harness.api.send(.v2, "GET", "/cart", token: token, as: Cart.self).code == .success)
    }

    @Test("Logout ends every session of the customer, including one from a later login")
    func logoutEndsAll() async throws {
        let harness = try Harness()
        let first = try await harness.account()
        let second = try await harness.login()
        let other = try await harness.account("13800000002")
        #expect(try await harness.api.send(.v2, "POST", "/logout", token: first, as: Empty.self).code == .success)
        for token in [first, second] {
            let answer = try await harness.api.send(.v2, "GET", "/cart", token: token, as: Cart.self)
            #expect(answer.code == .loginExpired)
            #expect(answer.message == "your session has ended; log in again")
        }
        // Another customer's session is theirs.
        #expect(try await harness.api.send(.v2, "GET", "/cart", token: other, as: Cart.self).code == .success)
    }

    @Test("Five wrong SMS codes void the code: the right one no longer registers")
    func smsGuesses() async throws {
        let harness = try Harness()
        _ = try await harness.api.send(.v1, "POST", "/sms", body: SMSRequest(mobile: "13800000001"), as: Empty.self)
        let code = try #require(try await harness.server.latestSMSCode(for: "13800000001"))
        let wrong = code == "000000" ? "111111" : "000000"
        var messages: [String] = []
        for _ in 0..<5 {
            let answer = try await harness.api.send(
                .v1, "POST", "/register",
                body: RegisterRequest(mobile: "13800000001", password: "long enough", smsCode: wrong),
                as: Customer.self)
            messages.append(answer.message)
        }
        #expect(
            messages == Array(repeating: "the SMS code is wrong or expired; request a new one", count: 4)
                + ["the SMS code is voided after 5 wrong codes; request a new one"])
        let right = try await harness.api.send(
            .v1, "POST", "/register",
            body: RegisterRequest(mobile: "13800000001", password: "long enough", smsCode: code),
            as: Customer.self)
        #expect(right.code == .validationFailed)
        #expect(try await harness.server.latestSMSCode(for: "13800000001") == nil)
    }

    @Test("A request dated a whole window ahead cannot be replayed after now + window")
    func replayAhead() async throws {
        let harness = try Harness()
        let now = harness.clock.secondsSince1970()
        let headers = signer.headers(
            method: "GET", path: "/v2/products", body: [], timestamp: now + 300, nonce: "nonce-ahead")
        let request = WireRequest(method: "GET", path: "/v2/products", headers: headers)
        func code() async throws -> String {
            String(decoding: try await harness.server.handle(request).body, as: UTF8.self)
        }
        #expect(try await code().contains(#""code":200"#))
        #expect(try await code().contains("the request's nonce was already used"))
        // The hole: remembered only until now + 300, the nonce was accepted again at now + 301.
        harness.clock.advance(by: 301)
        #expect(try await code().contains("the request's nonce was already used"))
        harness.clock.advance(by: 299)
        #expect(try await code().contains("the request's nonce was already used"))
        // A second later its timestamp is out of the window: refused as stale, and forgotten.
        harness.clock.advance(by: 1)
        #expect(try await code().contains(#""code":40001"#))
    }
}
