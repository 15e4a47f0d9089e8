import Foundation
import Testing
import TestSupport

/// Secrets stay out of the process list, which any user can read (`ps`, `/proc/PID/cmdline`):
/// the password comes from a pipe (`--password-stdin`) or a prompt with echo off, the login
/// chain's secrets from the environment or a prompt; and no error echoes one.
@Suite("Secrets out of the process list")
struct SecretsInProcessListTests {
    /// What `ps` shows of a process: its arguments.
    private func commandLine(of process: Int32) throws -> String {
        let data = try Data(contentsOf: URL(fileURLWithPath: "/proc/\(process)/cmdline"))
        return String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\0", with: " ")
    }

    @Test("A password piped in with --password-stdin registers and logs in")
    func passwordFromPipe() async throws {
        let graft = try GraftProcess()
        let registered = try await graft.shell(
            #"printf 'correct horse\n' | "$GRAFT" --home "$HOME_DIR" register --mobile 13800000001 --password-stdin"#)
        #expect(registered.status == 0, "\(registered.error)")
        #expect(registered.output.hasSuffix("Registered 13800000001. Log in with: graft login --mobile 13800000001\n"))
        let login = try await graft.shell(
            #"echo 'correct horse' | "$GRAFT" --home "$HOME_DIR" login --mobile 13800000001 --password-stdin"#,
            environment: ["GRAFT_GESTURE": "1235"])
        #expect(login.status == 0, "\(login.error)")
        #expect(login.output == "Logged in as 13800000001 (v1).\n  gesture password created\n")
    }

    @Test("While a V2 login runs, its command line holds no password, gesture, card number or PIN")
    func nothingInTheProcessList() async throws {
        let graft = try GraftProcess()
        try await graft.run("--impl", "v2", "register", "--mobile", "13800000001", "--password", "correct horse")
        let secrets = ["GRAFT_GESTURE": "1478", "GRAFT_CARD": "4242424242424242", "GRAFT_PAY_PASSWORD": "654321"]
        let login = try await PausedGraft.start(
            graft, ["--impl", "v2", "login", "--mobile", "13800000001", "--password-stdin", "--holder", "Ada"],
            at: "session-saved", input: "correct horse\n", environment: secrets)
        let shown = try commandLine(of: login.processIdentifier)
        #expect(shown.hasSuffix(" login --mobile 13800000001 --password-stdin --holder Ada "))
        for secret in ["correct horse", "correct", "1478", "4242424242424242", "654321"] {
            #expect(!shown.contains(secret), "\(secret) is in the process list: \(shown)")
        }
        let result = try await login.resume()
        #expect(result.status == 0, "\(result.error)")
        #expect(
            result.output
                == "Logged in as 13800000001 (v2).\n  gesture password created\n  bank card bound\n  payment PIN set\n")
        #expect(try await graft.run("--impl", "v2", "gesture", "verify", "1478").status == 0)
    }

    @Test("A password typed unquoted in two words is refused without echoing either word")
    func unquotedPassword() async throws {
        let result = try await GraftProcess().run("login", "--mobile", "13800000001", "--password", "correct", "horse")
        #expect(result.status == 64)
        #expect(
            result.error.hasPrefix(
                """
                Error: unexpected argument after the value of --password, not shown in case it is part of that secret; \
                quote a value that has spaces, or pipe the password in with --password-stdin

                """))
        #expect(!result.error.contains("horse") && !result.error.contains("correct"))
    }

    #if os(Linux)
        @Test("On a terminal, a login without --password asks for it with echo off, and nothing typed shows")
        func hiddenPasswordPrompt() async throws {
            let graft = try GraftProcess()
            try await graft.run("register", "--mobile", "13800000001", "--password", "correct horse")
            let (echoesAtPrompt, echoesAfter, screen) = try await Blocking.run {
                let terminal = try Terminal(
                    graft, ["login", "--mobile", "13800000001"], environment: ["GRAFT_GESTURE": "1235"])
                try terminal.wait(for: "Password: ")
                let echoesAtPrompt = terminal.echoes
                terminal.type("correct horse\r")
                try terminal.wait(for: "gesture password created")
                terminal.waitForExit()
                return (echoesAtPrompt, terminal.echoes, terminal.screen)
            }
            #expect(!echoesAtPrompt)
            #expect(echoesAfter)
            #expect(
                screen.replacingOccurrences(of: "\r\n", with: "\n")
                    == "Password: \nLogged in as 13800000001 (v1).\n  gesture password created\n")
        }

        @Test(
            "Ctrl-C at a hidden prompt gives the terminal its echo back",
            arguments: [
                (["login", "--mobile", "13800000001"], "Password: "),
                (
                    ["login", "--mobile", "13800000001", "--password", "correct horse"],
                    "Create a gesture password (4-9 of the dots 1-9): "
                ),
            ])
        func interruptedPrompt(arguments: [String], prompt: String) async throws {
            let graft = try GraftProcess()
            try await graft.run("register", "--mobile", "13800000001", "--password", "correct horse")
            let (echoesAtPrompt, echoesAfter) = try await Blocking.run {
                let terminal = try Terminal(graft, arguments)
                try terminal.wait(for: prompt)
                let echoesAtPrompt = terminal.echoes
                terminal.type("\u{3}")
                terminal.waitForExit()
                return (echoesAtPrompt, terminal.echoes)
            }
            #expect(!echoesAtPrompt)
            #expect(echoesAfter, "echo is still off after Ctrl-C")
        }
    #endif
}
