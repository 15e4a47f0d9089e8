import Foundation
import Testing

/// Processes interleaved at exact points by the test-only pause hook: what one learns or writes
/// must not undo what another acknowledged.
@Suite("Interleaved processes")
struct InterleavingTests {
    @Test("cart list holding an old token, then logout and login elsewhere: the new session survives its expiry")
    func expiryKeepsNewerSession() async throws {
        let graft = try GraftProcess()
        try await graft.account()
        let delayed = try await PausedGraft.start(graft, ["cart", "list"], at: "session-loaded")
        #expect(try await graft.run("logout").output == "Logged out.\n")
        #expect(try await graft.run("login", "--mobile", "13800000001", "--password", "correct horse").status == 0)
        let finished = try await delayed.resume()
        #expect(finished.status == 1)
        #expect(
            finished.error
                == "Your session expired; log in again with 'graft login'.\nError: your session has ended; log in again\n"
        )
        #expect(try await graft.run("status").output.hasPrefix("Logged in as 13800000001 (v1) until "))
        #expect(try await graft.run("cart", "list").status == 0)
    }

    @Test("A login paused before its chain while another customer logs in: the chain still acts for its own customer")
    func chainActsForItsLogin() async throws {
        let graft = try GraftProcess()
        for mobile in ["13800000001", "13800000002"] {
            #expect(try await graft.run("register", "--mobile", mobile, "--password", "correct horse").status == 0)
        }
        let b = ["login", "--mobile", "13800000002", "--password", "correct horse"]
        #expect(
            try await graft.run(b + ["--gesture", "2468"]).output
                == "Logged in as 13800000002 (v1).\n  gesture password created\n")
        let a = try await PausedGraft.start(
            graft,
            [
                "login", "--mobile", "13800000001", "--password", "correct horse",
                "--gesture", "1235",
            ], at: "session-saved")
        // B logs in again while A's login has saved its session but not yet run its chain.
        #expect(
            try await graft.run(b).output == "Logged in as 13800000002 (v1).\n  gesture password kept from the server\n"
        )
        let finished = try await a.resume()
        #expect(finished.error == "")
        #expect(finished.output == "Logged in as 13800000001 (v1).\n  gesture password created\n")
        // B, whose session the file now holds, keeps B's gesture; A's was set on A's account.
        #expect(try await graft.run("gesture", "verify", "2468").output == "Gesture password correct.\n")
        #expect(
            try await graft.run("login", "--mobile", "13800000001", "--password", "correct horse").output
                == "Logged in as 13800000001 (v1).\n  gesture password kept from the server\n")
        #expect(try await graft.run("gesture", "verify", "1235").output == "Gesture password correct.\n")
    }

    @Test(
        "A login paused before its chain while another customer logs in with another generation: its report names its own generation"
    )
    func loginReportsItsOwnGeneration() async throws {
        let graft = try GraftProcess()
        for mobile in ["13800000001", "13800000002"] {
            #expect(try await graft.run("register", "--mobile", mobile, "--password", "correct horse").status == 0)
        }
        let a = try await PausedGraft.start(
            graft,
            [
                "login", "--mobile", "13800000001", "--password", "correct horse",
                "--gesture", "1235",
            ], at: "session-saved")
        let b = try await graft.run(
            "--impl", "v2", "login", "--mobile", "13800000002", "--password", "correct horse",
            "--gesture", "2468", "--card", "4242424242424242", "--holder", "Bo", "--pay-password", "123456")
        #expect(b.output.hasPrefix("Logged in as 13800000002 (v2).\n"))
        let finished = try await a.resume()
        // The report names the generation of A's session, not of B's, which session.json now holds.
        #expect(finished.output == "Logged in as 13800000001 (v1).\n  gesture password created\n")
    }

    @Test(
        "A logout killed after the server ended the session: status says it may have ended, and logout again finishes it"
    )
    func killedLogout() async throws {
        let graft = try GraftProcess()
        try await graft.account()
        let logout = try await PausedGraft.start(graft, ["logout"], at: "clearing-session")
        try await logout.kill()
        let status = try await graft.run("status")
        #expect(
            status.output
                == "A logout of 13800000001 (v1) did not finish: the session may have ended. Run 'graft logout' again, or log in.\n"
        )
        let json = try await graft.run("--json", "status")
        #expect(json.output.contains(#""loggedIn":false"#))
        #expect(try await graft.run("logout").output == "Logged out.\n")
        #expect(try await graft.run("status").output == "Not logged in.\n")
    }
}
