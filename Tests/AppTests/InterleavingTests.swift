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
        #expect(finished.error == "Your session expired; log in again with 'graft login'.\nError: your session has ended; log in again\n")
        #expect(try await graft.run("status").output.hasPrefix("Logged in as 13800000001 (v1) until "))
        #expect(try await graft.run("cart", "list").status == 0)
    }

    @Test("A logout killed after the server ended the session: status says it may have ended, and logout again finishes it")
    func killedLogout() async throws {
        let graft = try GraftProcess()
        try await graft.account()
        let logout = try await PausedGraft.start(graft, ["logout"], at: "clearing-session")
        try await logout.kill()
        let status = try await graft.run("status")
        #expect(status.output == "A logout of 13800000001 (v1) did not finish: the session may have ended. Run 'graft logout' again, or log in.\n")
        let json = try await graft.run("--json", "status")
        #expect(json.output.contains(#""loggedIn":false"#))
        #expect(try await graft.run("logout").output == "Logged out.\n")
        #expect(try await graft.run("status").output == "Not logged in.\n")
    }
}
