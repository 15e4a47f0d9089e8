import Foundation
import Testing

@Suite("Prompts, forgetting, and secrets")
struct InteractiveAndSecretsTests {
    @Test("On a terminal, a missing branch input is asked for")
    func prompts() async throws {
        let graft = try GraftProcess()
        try await graft.run("register", "--mobile", "13800000001", "--password", "correct horse")
        let binary = try #require(GraftProcess.binary).path
        // `script` gives graft a terminal; the answers arrive on it as typed lines.
        let command = "\(binary) --home \(graft.home) --impl v2 login --mobile 13800000001 --password 'correct horse'"
        let result = try await shell(
            "printf '1235\\n4242424242424242\\nAda Lovelace\\n654321\\n' | script -qec \"\(command)\" /dev/null")
        #expect(result.contains("Create a gesture password (4-9 of the dots 1-9):"))
        #expect(result.contains("Card number to bind:"))
        #expect(result.contains("Payment PIN (6 digits):"))
        #expect(result.contains("  payment PIN set"))
    }

    @Test("Forgetting the gesture password: the next login runs the forget branch")
    func forget() async throws {
        let graft = try GraftProcess()
        try await graft.account()
        #expect(
            try await graft.run("gesture", "forget").output
                == "Gesture password forgotten; the next login sets a new one.\n")
        #expect(try await graft.run("status").output.contains("Waiting for the next login: a new gesture password."))
        let login = try await graft.run(
            "login", "--mobile", "13800000001", "--password", "correct horse", "--gesture", "9876")
        #expect(login.output == "Logged in as 13800000001 (v1).\n  gesture password reset\n")
        #expect(try await graft.run("gesture", "verify", "9876").status == 0)
        #expect(try await graft.run("gesture", "update", "9876", "1478").output == "Gesture password updated.\n")
    }

    @Test("No password, PIN, gesture, card number or token appears in any output")
    func noSecrets() async throws {
        let graft = try GraftProcess()
        var outputs: [GraftProcess.Result] = []
        for json in [[], ["--json"]] {
            let mobile = json.isEmpty ? "13800000001" : "13800000002"
            outputs.append(
                try await graft.run(
                    json + ["--impl", "v2", "register", "--mobile", mobile, "--password", "correct horse"]))
            outputs.append(
                try await graft.run(
                    json + [
                        "--impl", "v2", "login", "--mobile", mobile, "--password", "correct horse", "--gesture", "1478",
                        "--card", "4242424242424242", "--holder", "Ada", "--pay-password", "654321",
                    ]))
            for command in [
                ["status"], ["gesture", "verify", "1478"], ["cart", "add", "p1"], ["cart", "list"],
                ["wishlist", "list"],
                ["gesture", "verify", "9999"], ["login", "--mobile", mobile, "--password", "wrong password"],
            ] {
                outputs.append(try await graft.run(json + ["--impl", "v2"] + command))
            }
        }
        let session = try String(contentsOfFile: graft.sessionPath, encoding: .utf8)
        let token = try #require(session.split(separator: "\"").first { $0.count == 64 }.map(String.init))
        let printed = outputs.map { $0.output + $0.error }.joined()
        for secret in ["correct horse", "1478", "654321", "4242424242424242", token] {
            #expect(!printed.contains(secret), "\(secret) was printed")
        }
    }

    private func shell(_ command: String) async throws -> String {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                let process = Process()
                process.executableURL = URL(fileURLWithPath: "/bin/sh")
                process.arguments = ["-c", command]
                let pipe = Pipe()
                process.standardOutput = pipe
                process.standardError = pipe
                do {
                    try process.run()
                    let data = pipe.fileHandleForReading.readDataToEndOfFile()
                    process.waitUntilExit()
                    continuation.resume(returning: String(decoding: data, as: UTF8.self))
                } catch {
                    continuation.resume(throwing: error)
                }
            }
        }
    }
}
