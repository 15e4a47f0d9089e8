import Foundation
import Testing
import TestSupport

/// A command reads every local file it needs before it acts on the server: when one is damaged,
/// the command stops with exit 65 and nothing else changes, here or on the server (whose state is
/// `backend.json`).
@Suite("Local state is checked before the server is asked")
struct LocalStateFirstTests {
    /// A home with an account logged in, a line in the cart and one in the wishlist, for each
    /// case to copy. Made with the asynchronous runs, so no thread that other suites need waits.
    private func template(_ impl: String) async throws -> GraftProcess {
        let graft = try GraftProcess()
        try await graft.account(impl: impl)
        for command in [["cart", "add", "p1"], ["wishlist", "add", "p2"]] {
            let result = try await graft.run(["--impl", impl] + command)
            try #require(result.status == 0, "\(result.error)")
        }
        return graft
    }

    static let commands: [[String]] = [
        ["login", "--mobile", "13800000001", "--password", "correct horse"],
        ["register", "--mobile", "13800000002", "--password", "correct horse"],
        ["logout"], ["status"], ["products"],
        ["gesture", "verify", "1235"], ["gesture", "update", "1235", "1478"], ["gesture", "forget"],
        ["cart", "add", "p3"], ["cart", "list"], ["cart", "remove", "p1"], ["cart", "clear"],
        ["wishlist", "add", "p4"], ["wishlist", "list"], ["wishlist", "remove", "p2"], ["wishlist", "has", "p2"],
    ]

    /// Every file of the home but the lock files, which hold nothing, with its contents.
    private func snapshot(_ graft: GraftProcess) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: graft.home) where !name.hasSuffix(".lock") {
            files[name] = try Data(contentsOf: URL(fileURLWithPath: graft.home + "/" + name))
        }
        return files
    }

    private func copy(_ template: GraftProcess) throws -> GraftProcess {
        let graft = try GraftProcess()
        for name in try FileManager.default.contentsOfDirectory(atPath: template.home) {
            try FileManager.default.copyItem(atPath: template.home + "/" + name, toPath: graft.home + "/" + name)
        }
        return graft
    }

    @Test(
        "Each command with a damaged local file: exit 65 and nothing else changed, or it needed no such file",
        arguments: ["v1", "v2"], ["session.json", "customers.json", "backend.json"])
    func damagedFile(impl: String, damaged: String) async throws {
        let template = try await template(impl)
        for command in Self.commands {
            let graft = try copy(template)
            let path = graft.home + "/" + damaged
            try Data("{damaged".utf8).write(to: URL(fileURLWithPath: path))
            let before = try snapshot(graft)
            let result = try await graft.run(["--impl", impl] + command)
            var after = try snapshot(graft)
            let line = "graft --impl \(impl) \(command.joined(separator: " ")) with \(damaged) damaged"
            if result.status == 0 {
                // It did not need the file: the file is as it was.
                #expect(after[damaged] == before[damaged], "\(line) changed it")
                continue
            }
            #expect(result.status == 65, "\(line): \(result.error)")
            #expect(
                result.error.hasPrefix("Error: \(path) is corrupt (not JSON); it was kept as \(path).corrupt-"),
                "\(line): \(result.error)")
            let kept = try graft.files(startingWith: damaged + ".corrupt-")
            #expect(kept.count == 1, "\(line)")
            after[damaged] = kept.first.flatMap { after.removeValue(forKey: $0) }
            #expect(after == before, "\(line) changed \(after.filter { before[$0.key] != $0.value }.keys.sorted())")
        }
    }

    @Test("login with customers.json damaged: exit 65, and no login on the server, no session saved")
    func loginWithDamagedRecords() async throws {
        let graft = try copy(try await template("v1"))
        #expect(try await graft.run("logout").status == 0)
        let records = graft.home + "/customers.json"
        try Data("[".utf8).write(to: URL(fileURLWithPath: records))
        let backend = try Data(contentsOf: URL(fileURLWithPath: graft.backendPath))
        let session = try Data(contentsOf: URL(fileURLWithPath: graft.sessionPath))
        let result = try await graft.run("login", "--mobile", "13800000001", "--password", "correct horse")
        #expect(result.status == 65)
        #expect(result.output == "")
        #expect(result.error.hasPrefix("Error: \(records) is corrupt (not JSON); it was kept as \(records).corrupt-"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: graft.backendPath)) == backend)
        #expect(try Data(contentsOf: URL(fileURLWithPath: graft.sessionPath)) == session)
        #expect(try await graft.run("status").output == "Not logged in.\n")
    }
}
