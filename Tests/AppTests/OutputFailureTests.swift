import Foundation
import Testing
import TestSupport

/// Standard output that cannot be written: a full disk, a closed pipe. graft says so on standard
/// error with exit 74 — after the change was made, which stays made.
@Suite("Output that cannot be written")
struct OutputFailureTests {
    static let message =
        "Error: the output could not be written (%@); the command itself ran, and any change it made was kept\n"

    @Test("cart add > /dev/full: exit 74, a message, and the line is in the cart")
    func fullDisk() async throws {
        let graft = try GraftProcess()
        try await graft.account()
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        let result = try await Blocking.run { try graft.runBlocking(["cart", "add", "p2"], standardOutput: full) }
        #expect(result.status == 74)
        #expect(result.error == String(format: Self.message, "No space left on device"))
        #expect(try await graft.run("cart", "list").output.contains("  1 × Apple box"))
    }

    @Test("A closed standard output (SIGPIPE): exit 74 with a message, not a silent death")
    func closedPipe() async throws {
        let graft = try GraftProcess()
        let result = try await Blocking.run { try graft.runBlocking(["products"], closedOutput: true) }
        #expect(result.status == 74)
        #expect(result.error == String(format: Self.message, "Broken pipe"))
    }

    @Test("--help to /dev/full is exit 74 too")
    func helpToFullDisk() async throws {
        let graft = try GraftProcess()
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        #expect(try await Blocking.run { try graft.runBlocking(["--help"], standardOutput: full) }.status == 74)
    }
}
