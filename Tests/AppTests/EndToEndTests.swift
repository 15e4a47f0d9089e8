import Foundation
import Testing
import TestSupport

@Suite("graft end to end")
struct EndToEndTests {
    @Test("Register shows the inbox code; V1 login creates the gesture password; then the shop works")
    func v1Journey() async throws {
        let graft = try GraftProcess()
        let registered = try await graft.run(
            "--impl", "v1", "register", "--mobile", "13800000001", "--password", "correct horse")
        #expect(registered.status == 0)
        #expect(registered.output.contains("SMS code "))
        #expect(registered.output.contains("sent to 13800000001 (read from the embedded backend's inbox)"))
        let login = try await graft.run(
            "--impl", "v1", "login", "--mobile", "13800000001", "--password", "correct horse", "--gesture", "1235")
        #expect(login.status == 0)
        #expect(login.output == "Logged in as 13800000001 (v1).\n  gesture password created\n")
        #expect(try await graft.run("--impl", "v1", "products", "--page", "2").output.contains("page 2 of 5"))
        let added = try await graft.run("--impl", "v1", "cart", "add", "p7", "--qty", "2")
        #expect(added.output.contains("discount 0.00"))
        #expect(try await graft.run("--impl", "v1", "wishlist", "add", "p3").status == 0)
        #expect(try await graft.run("--impl", "v1", "wishlist", "has", "p3").output == "p3 is in the wishlist.\n")
        #expect(try await graft.run("--impl", "v1", "logout").output == "Logged out.\n")
        #expect(try await graft.run("status").output == "Not logged in.\n")
    }

    @Test("V2: declining the card fails naming the flag, stays pending, and the next login resumes there")
    func v2DeclineThenResume() async throws {
        let graft = try GraftProcess()
        try await graft.run("--impl", "v2", "register", "--mobile", "13800000001", "--password", "correct horse")
        let declined = try await graft.run(
            "--impl", "v2", "login", "--mobile", "13800000001", "--password", "correct horse", "--gesture", "1235")
        #expect(declined.status == 64)
        #expect(declined.output == "Logged in as 13800000001 (v2).\n  gesture password created\n")
        #expect(
            declined.error.hasPrefix(
                "Error: the login needs a bank card: set GRAFT_CARD to its number and pass --holder NAME, or pass --card N --holder NAME (it waits for the next login)\n"
            ))
        #expect(try await graft.run("status").output.contains("Waiting for the next login: a bank card."))
        let resumed = try await graft.run(
            "--impl", "v2", "login", "--mobile", "13800000001", "--password", "correct horse",
            "--card", "4242424242424242", "--holder", "Ada", "--pay-password", "123456")
        #expect(resumed.status == 0)
        #expect(
            resumed.output
                == "Logged in as 13800000001 (v2).\n  gesture password kept from the server\n  bank card bound\n  payment PIN set\n"
        )
        #expect(!resumed.output.contains("4242424242424242") && !resumed.output.contains("123456"))
        let cart = try await graft.run("--impl", "v2", "cart", "add", "p7", "--qty", "3")
        #expect(cart.output.contains("discount 1.23"))
    }

    @Test(
        "payment, a service only V2 has: V2 shows the card and PIN; V1 says it is not served and which flag selects it")
    func paymentOnlyInV2() async throws {
        let graft = try GraftProcess()
        try await graft.account(impl: "v2")
        let v2 = try await graft.run("--impl", "v2", "payment")
        #expect(v2.status == 0)
        #expect(v2.output == "Card: •••• 4242\nPayment PIN: set\n")
        #expect(try await graft.run("--impl", "v1", "--impl", "PaymentService=v2", "payment").output == v2.output)
        let v1 = try await graft.run("--impl", "v1", "payment")
        #expect(v1.status == 64)
        #expect(
            v1.error.hasPrefix(
                """
                Error: payment needs PaymentService, which is bound only in v2 (ImplV2/ImplV2Module.swift:
                """))
        #expect(v1.error.contains("); select it with --impl v2 or --impl PaymentService=v2\nUsage: graft payment\n"))
        let explained = try await graft.run("--impl", "v1", "explain", "PaymentService")
        #expect(
            explained.output.hasPrefix(
                "PaymentService: not served under v1 (run-time default): bound only in v2 (ImplV2/ImplV2Module.swift:"))
        // --trace decorates it under V2, and its decorator is no error under V1.
        #expect(try await graft.run("--impl", "v2", "--trace", "payment").error.contains("PaymentService.methods()"))
        #expect(try await graft.run("--impl", "v1", "--trace", "status").status == 0)
    }

    @Test("--impl CartService=v2 mixes a V1 app with the V2 cart")
    func mixing() async throws {
        let graft = try GraftProcess()
        try await graft.account()
        #expect(try await graft.run("--impl", "v1", "cart", "add", "p7").output.contains("discount 0.00"))
        #expect(
            try await graft.run("--impl", "v1", "--impl", "CartService=v2", "cart", "list").output.contains(
                "discount 0.41"))
        #expect(
            try await graft.run("cart", "list", environment: ["GRAFT_IMPL": "v1,CartService=v2"]).output.contains(
                "discount 0.41"))
    }

    @Test("--impl CustomerLogic=v2 on a V1 app runs the V2 login chain, and CustomerLogic=v1 on V2 the V1 chain")
    func mixingCustomerLogic() async throws {
        let graft = try GraftProcess()
        try await graft.run("--impl", "v1", "register", "--mobile", "13800000001", "--password", "correct horse")
        let v2Flows = try await graft.run(
            "--impl", "v1", "--impl", "CustomerLogic=v2", "login", "--mobile", "13800000001",
            "--password", "correct horse", "--gesture", "1235", "--card", "4242424242424242",
            "--holder", "Ada", "--pay-password", "123456")
        #expect(v2Flows.status == 0, "\(v2Flows.error)")
        #expect(
            v2Flows.output
                == "Logged in as 13800000001 (v2).\n  gesture password created\n  bank card bound\n  payment PIN set\n")
        try await graft.run("--impl", "v2", "register", "--mobile", "13800000002", "--password", "correct horse")
        let v1Flows = try await graft.run(
            "--impl", "v2", "--impl", "CustomerLogic=v1", "login", "--mobile", "13800000002",
            "--password", "correct horse", "--gesture", "1235")
        #expect(v1Flows.status == 0, "\(v1Flows.error)")
        #expect(v1Flows.output == "Logged in as 13800000002 (v1).\n  gesture password created\n")
    }

    @Test("An expired session: one line telling the person to log in, and the session is cleared")
    func expiry() async throws {
        let graft = try GraftProcess()
        try await graft.account()
        var state = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: graft.backendPath)))
                as? [String: Any])
        var sessions = try #require(state["sessions"] as? [String: [String: Any]])
        for token in sessions.keys { sessions[token]?["expiresAt"] = 0 }
        state["sessions"] = sessions
        try JSONSerialization.data(withJSONObject: state).write(to: URL(fileURLWithPath: graft.backendPath))
        let expired = try await graft.run("cart", "list")
        #expect(expired.status == 1)
        #expect(
            expired.error
                == "Your session expired; log in again with 'graft login'.\nError: your session expired; log in again\n"
        )
        #expect(try await graft.run("status").output == "Not logged in.\n")
    }

    @Test("status tells a session whose time has passed from a current one")
    func statusOfExpiredSession() async throws {
        let graft = try GraftProcess()
        try await graft.account()
        #expect(try await graft.run("status").output.hasPrefix("Logged in as 13800000001 (v1) until "))
        var document = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: graft.sessionPath)))
                as? [String: Any])
        var session = try #require(document["session"] as? [String: Any])
        session["expiresAt"] = 0
        document["session"] = session
        try JSONSerialization.data(withJSONObject: document).write(to: URL(fileURLWithPath: graft.sessionPath))
        #expect(
            try await graft.run("status").output
                == "The session of 13800000001 (v1) expired at 1970-01-01T00:00:00Z; log in again.\n")
    }

    @Test("Five wrong gesture passwords lock gesture unlock until the next password login")
    func gestureLockout() async throws {
        let graft = try GraftProcess()
        try await graft.account()
        for _ in 0..<4 { #expect(try await graft.run("gesture", "verify", "9876").status == 1) }
        let locked = try await graft.run("gesture", "verify", "9876")
        #expect(
            locked.error
                == "Error: gesture unlock is locked after 5 wrong gesture passwords; log in with your password\n")
        #expect(try await graft.run("gesture", "verify", "1235").status == 1)
        try await graft.run("login", "--mobile", "13800000001", "--password", "correct horse")
        #expect(try await graft.run("gesture", "verify", "1235").output == "Gesture password correct.\n")
    }

    @Test("graph prints every format; check validates every selection")
    func graphAndCheck() async throws {
        let graft = try GraftProcess()
        #expect(
            try await graft.run("--impl", "v2", "graph").output.contains(
                "ProductCatalog [v1 (fallback for v2), transient]"))
        #expect(try await graft.run("graph", "--format", "dot").output.hasPrefix("digraph Graft {"))
        #expect(try await graft.run("graph", "--format", "mermaid").output.hasPrefix("graph LR"))
        let json = try await graft.run("graph", "--format", "json").output
        let document = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        #expect((document?["nodes"] as? [Any])?.isEmpty == false)
        // check builds nothing: in a new home, backend.json is neither opened nor created.
        let fresh = try GraftProcess()
        let check = try await fresh.run("check")
        #expect(check.status == 0)
        #expect(check.output == "Every combination of 6 services across v1–v2 (64 selections) validates.\n")
        #expect(try fresh.files(startingWith: "backend").isEmpty)
    }

    @Test("--json prints one document, for success and for failure")
    func json() async throws {
        let graft = try GraftProcess()
        let products = try await graft.run("--json", "products")
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(products.output.utf8)) as? [String: Any])
        #expect(document["ok"] as? Bool == true)
        #expect(document["command"] as? String == "products")
        let failure = try await graft.run("--json", "cart", "list")
        #expect(failure.status == 1)
        let error = try #require(try JSONSerialization.jsonObject(with: Data(failure.output.utf8)) as? [String: Any])
        #expect(error["ok"] as? Bool == false)
        #expect(error["exitCode"] as? Int == 1)
        #expect(failure.error.isEmpty)
        try await graft.run("--impl", "v2", "register", "--mobile", "13800000001", "--password", "correct horse")
        let stopped = try await graft.run(
            "--json", "--impl", "v2", "login", "--mobile", "13800000001", "--password", "correct horse")
        #expect(stopped.status == 64)
        let stoppedDocument = try #require(
            try JSONSerialization.jsonObject(with: Data(stopped.output.utf8)) as? [String: Any])
        #expect(
            (stoppedDocument["error"] as? [String: Any])?["message"] as? String
                == "the login needs a gesture password: set GRAFT_GESTURE, or pass --gesture G (it waits for the next login)"
        )
    }

    @Test("Ten cart adds in parallel processes are all recorded")
    func parallelAdds() async throws {
        let graft = try GraftProcess()
        try await graft.account()
        try await withThrowingTaskGroup(of: Int32.self) { group in
            for _ in 0..<10 { group.addTask { try await graft.run("cart", "add", "p1").status } }
            for try await status in group { #expect(status == 0) }
        }
        #expect(try await graft.run("cart", "list").output.contains(" 10 × Apple crate"))
    }

    @Test("A corrupt session.json: exit 65 naming it, kept aside, nothing else lost")
    func corruptSession() async throws {
        let graft = try GraftProcess()
        try await graft.account()
        try Data("{broken".utf8).write(to: URL(fileURLWithPath: graft.sessionPath))
        let result = try await graft.run("status")
        #expect(result.status == 65)
        #expect(result.error.hasPrefix("Error: \(graft.sessionPath) is corrupt ("))
        let kept = try FileManager.default.contentsOfDirectory(atPath: graft.home).filter {
            $0.hasPrefix("session.json.corrupt-")
        }
        #expect(kept.count == 1)
        #expect(try await graft.run("login", "--mobile", "13800000001", "--password", "correct horse").status == 0)
    }

    @Test("A corrupt backend.json: exit 65 naming it, kept aside")
    func corruptBackend() async throws {
        let graft = try GraftProcess()
        try await graft.account()
        try Data("[1,".utf8).write(to: URL(fileURLWithPath: graft.backendPath))
        let result = try await graft.run("products")
        #expect(result.status == 65)
        #expect(result.error.hasPrefix("Error: \(graft.backendPath) is corrupt ("))
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: graft.home).contains {
                $0.hasPrefix("backend.json.corrupt-")
            })
    }

    @Test("An unreachable --server is exit 69 within the timeout")
    func unreachable() async throws {
        let graft = try GraftProcess()
        let result = try await graft.run("--server", "http://127.0.0.1:1", "--timeout", "2", "products")
        #expect(result.status == 69)
        #expect(
            result.error
                == "Error: cannot connect to the server at 127.0.0.1:1; check --server, or run without it to use the embedded backend\n"
        )
        // Loose: the refusal is immediate, but a busy parallel test run may slow graft down.
        #expect(result.elapsed < .seconds(10))
    }

    @Test("register without --sms-code against a real server: the code went to the phone, so graft asks for the flag")
    func registerWithoutInbox() async throws {
        let server = try LoopbackServer { method, path, _ in
            method == "POST" && path == "/v1/sms"
                ? .init(status: 200, body: #"{"status":"000000","desc":"an SMS code was sent","data":{}}"#)
                : .init(status: 404, body: "")
        }
        defer { server.stop() }
        let result = try await GraftProcess().run(
            "--server", server.url.absoluteString, "--timeout", "60", "--impl", "v1",
            "register", "--mobile", "13800000001", "--password", "correct horse")
        #expect(result.status == 64)
        #expect(
            result.error.hasPrefix(
                "Error: an SMS code was sent to 13800000001; run again with --sms-code C\nUsage: graft register "))
        #expect(result.output.isEmpty)
    }

    @Test("--help prints to standard output with exit 0")
    func help() async throws {
        let result = try await GraftProcess().run("cart", "add", "--help")
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("OVERVIEW: Add a product"))
        #expect(result.error.isEmpty)
    }
}
