import Foundation
import Testing

/// The `graft` users run carries no test hook: the pause that the interleaving tests use is in
/// the test-only PausingGraft alone.
@Suite("The shipped binary")
struct ShippedBinaryTests {
    @Test("graft holds no trace of the test pause; PausingGraft, built from the same app, does")
    func noTestPause() throws {
        let graft = try Data(contentsOf: try #require(GraftProcess.binary))
        let pausing = try Data(contentsOf: try #require(GraftProcess.pausingBinary))
        let variable = Data("GRAFT_TEST_PAUSE_AT".utf8)
        #expect(graft.range(of: variable) == nil)
        #expect(pausing.range(of: variable) != nil)
    }

    @Test("graft asked to pause at a state point runs through it")
    func graftDoesNotPause() async throws {
        let graft = try GraftProcess()
        let status = try await graft.run("status", environment: ["GRAFT_TEST_PAUSE_AT": "session-loaded"])
        #expect(status.status == 0)
        #expect(status.output == "Not logged in.\n")
        #expect(status.error == "")
    }
}
