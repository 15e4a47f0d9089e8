@testable import App
import Foundation
import Synchronization
import Testing

/// Where `register` and `login` take their secrets from, in process, with a console that answers
/// prompts and standard input from a script.
@Suite("Secrets: flags, standard input, prompts and the environment")
struct SecretsTests {
    /// A console whose terminal and standard input are lines given in advance; it records the
    /// prompts it shows.
    final class ScriptedConsole: Console {
        let isInteractive: Bool
        let inputIsTerminal: Bool
        private let lines: Mutex<[String]>
        let prompts = Mutex<[String]>([])

        init(terminal: Bool, lines: [String]) {
            isInteractive = terminal
            inputIsTerminal = terminal
            self.lines = Mutex(lines)
        }

        func out(_ text: String) throws(OutputError) {}
        func err(_ text: String) {}

        func prompt(_ label: String, secret: Bool) -> String? {
            prompts.withLock { $0.append(secret ? "\(label) (hidden)" : label) }
            return readInputLine()
        }

        func readInputLine() -> String? {
            lines.withLock { $0.isEmpty ? nil : $0.removeFirst() }
        }
    }

    private func context(
        _ arguments: [String], console: ScriptedConsole, environment: [String: String] = [:],
        composition: TestComposition
    ) throws -> CommandContext {
        let command = try ArgumentParser.parse(arguments)
        let settings = try Settings(command, environment: environment)
        return CommandContext(command: command, settings: settings, injector: composition.injector, console: console)
    }

    private func password(_ arguments: [String], terminal: Bool, lines: [String], confirming: Bool = false) async throws
        -> (Result<String, Failure>, [String])
    {
        let console = ScriptedConsole(terminal: terminal, lines: lines)
        let context = try context(arguments, console: console, composition: try await TestComposition())
        let result = Result { () throws(Failure) in try Secrets.password(context, confirming: confirming) }
        return (result, console.prompts.withLock { $0 })
    }

    @Test("--password-stdin reads the first line of a pipe; the rest is left for later")
    func firstLine() async throws {
        let (result, prompts) = try await password(
            ["login", "--mobile", "1", "--password-stdin"], terminal: false, lines: ["correct horse", "more"])
        #expect(try result.get() == "correct horse")
        #expect(prompts.isEmpty)
    }

    @Test("--password-stdin on a terminal asks with echo off, rather than read a line the terminal shows")
    func stdinAtTerminal() async throws {
        let (result, prompts) = try await password(
            ["login", "--mobile", "1", "--password-stdin"], terminal: true, lines: ["correct horse"])
        #expect(try result.get() == "correct horse")
        #expect(prompts == ["Password (hidden)"])
    }

    @Test("register asks twice on a terminal; two different answers are refused and nothing is sent")
    func confirmation() async throws {
        let (matching, prompts) = try await password(
            ["register", "--mobile", "1"], terminal: true, lines: ["correct horse", "correct horse"],
            confirming: true)
        #expect(try matching.get() == "correct horse")
        #expect(prompts == ["Password (8 to 64 characters) (hidden)", "Repeat the password (hidden)"])
        let (differing, _) = try await password(
            ["register", "--mobile", "1"], terminal: true, lines: ["correct horse", "correct hose"],
            confirming: true)
        #expect(throws: Failure.self) { try differing.get() }
        if case .failure(let failure) = differing {
            #expect(failure.message == "the two passwords typed differ; nothing was sent")
            #expect(failure.exitCode == 64)
        }
    }

    @Test("Nothing typed at the prompt is refused")
    func nothingTyped() async throws {
        let (result, _) = try await password(["login", "--mobile", "1"], terminal: true, lines: [])
        if case .failure(let failure) = result {
            #expect(failure.message == "no password was typed; nothing was sent")
        } else {
            Issue.record("a missing answer was accepted")
        }
    }

    @Test(
        "The chain's secrets: a flag wins over the environment, which is used when the flag is absent; empty is absent")
    func chainSecrets() async throws {
        let composition = try await TestComposition()
        let console = ScriptedConsole(terminal: false, lines: [])
        let environment = ["GRAFT_CARD": "4242424242424242", "GRAFT_PAY_PASSWORD": "654321", "GRAFT_GESTURE": ""]
        let flagged = try context(
            ["login", "--mobile", "1", "--pay-password", "123456"], console: console, environment: environment,
            composition: composition)
        #expect(Secrets.value("--pay-password", or: Secrets.payPasswordVariable, in: flagged) == "123456")
        #expect(Secrets.value("--card", or: Secrets.cardVariable, in: flagged) == "4242424242424242")
        #expect(Secrets.value("--gesture", or: Secrets.gestureVariable, in: flagged) == nil)
    }

    @Test("Help says the flags are visible to other users, and how else to give each secret")
    func help() {
        let login = Help.text(for: ["login"])
        #expect(login.contains("USAGE: graft login --mobile M [--password P | --password-stdin] [--gesture G]"))
        #expect(
            login.contains(
                "  --password P        the account's password; other users can read it in the process list: prefer --password-stdin or the prompt\n"
            ))
        #expect(
            login.contains(
                "  --password-stdin    read the password from the first line of standard input, such as a pipe\n"))
        #expect(login.contains("visible to others: prefer GRAFT_CARD\n"))
        #expect(login.contains("visible to others: prefer GRAFT_PAY_PASSWORD\n"))
        #expect(
            Help.text(for: ["register"]).contains(
                """
                Without --password or --password-stdin, graft asks for the password twice on a
                terminal, with echo off. --password P works for scripts, but other users can
                read it in the process list while graft runs.
                """))
    }
}
