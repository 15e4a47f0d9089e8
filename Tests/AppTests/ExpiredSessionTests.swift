import Foundation
import Testing

/// A session whose own record (`expiresAt` in `session.json`) says it has ended is not sent to
/// the server: graft clears it, says it expired, and asks for a login.
@Suite("Expired sessions")
struct ExpiredSessionTests {
    /// Sets the session's `expiresAt` in `session.json` to `seconds` since 1970, leaving the
    /// server's record of it alone.
    private func expire(_ graft: GraftProcess, at seconds: Int = 1_000) throws {
        let text = try String(contentsOfFile: graft.sessionPath, encoding: .utf8)
        let edited = text.replacingOccurrences(
            of: #""expiresAt" : \d+"#, with: "\"expiresAt\" : \(seconds)", options: .regularExpression)
        #expect(edited != text)
        try edited.write(toFile: graft.sessionPath, atomically: true, encoding: .utf8)
    }

    @Test(
        "cart add with a session past its expiresAt: nothing sent, the session cleared, exit 1",
        arguments: ["v1", "v2"])
    func expiredCart(impl: String) async throws {
        let graft = try GraftProcess()
        try await graft.account(impl: impl)
        try expire(graft)
        let backend = try Data(contentsOf: URL(fileURLWithPath: graft.backendPath))
        let result = try await graft.run("--impl", impl, "cart", "add", "p1")
        #expect(result.status == 1)
        #expect(result.output == "")
        #expect(
            result.error
                == "Your session expired; log in again with 'graft login'.\nError: not logged in; run 'graft login' first\n"
        )
        #expect(try Data(contentsOf: URL(fileURLWithPath: graft.backendPath)) == backend)
        #expect(try await graft.run("status").output == "Not logged in.\n")
    }

    @Test("logout of a session past its expiresAt: logged out here, its token not sent")
    func expiredLogout() async throws {
        let graft = try GraftProcess()
        try await graft.account()
        try expire(graft)
        let backend = try Data(contentsOf: URL(fileURLWithPath: graft.backendPath))
        let result = try await graft.run("logout")
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output == "Logged out.\n")
        #expect(try Data(contentsOf: URL(fileURLWithPath: graft.backendPath)) == backend)
        #expect(try await graft.run("status").output == "Not logged in.\n")
    }
}
