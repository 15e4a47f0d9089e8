@testable import App
import Client
import FileStorage
import Foundation
import Protocols
import Testing
import TextRules

/// The exit-code table and limits of the command line's reference, and the README's synopsis,
/// say what the code does.
@Suite("README exit codes and limits")
struct ReadmeLimitsTests {
    /// The rows of the table under `heading`, as their first cells.
    private func firstCells(under heading: String) throws -> [String] {
        let text = try Readme.commandLine()
        let start = try #require(text.range(of: heading + "\n\n"))
        return text[start.upperBound...].split(separator: "\n").prefix { $0.hasPrefix("|") }.dropFirst(2)
            .map { $0.split(separator: "|").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? "" }
    }

    @Test("Each failure gets the code the README's table gives its kind")
    func exitCodes() throws {
        let codes = try firstCells(under: "## Exit codes").compactMap { Int32($0) }
        #expect(codes == [0, 1, 64, 65, 69, 70, 74, 76])
        let path = "/home/ada/.graft/backend.json"
        let cases: [(ServiceError, Int32)] = [
            (.refused(.wrongPassword, message: "wrong password"), 1),
            (.refused(.loginExpired, message: "your session has ended"), 1),
            (.invalidInput("bad"), 64),
            (.localState(.corrupt(path: path, keptAt: path + ".corrupt", reason: "not JSON")), 65),
            (.transport(.cannotConnect("127.0.0.1:1")), 69),
            (.transport(.connectionLost), 69),
            (.transport(.timedOut), 69),
            (.localState(.unwritable(path: path, reason: "File too large")), 74),
            (.localState(.busy(path: path, lockPath: path + ".lock", seconds: 30)), 74),
            (.localState(.unsafeLock(path: path, lockPath: path + ".lock", found: "a symbolic link")), 74),
            (.localState(.notDurable(path: path, reason: "Input/output error")), 74),
            (.transport(.localStorage(.unwritable(path: path, reason: "No space left on device"))), 74),
            (.transport(.badServerResponse(status: 404, detail: "no body")), 76),
            (.transport(.badServerResponse(status: 503, detail: "no body")), 76),
            (.transport(.undecodableBody(field: "data", reason: "missing")), 76),
        ]
        for (error, code) in cases {
            #expect(Failure(error, in: ["cart", "list"]).exitCode == code, "\(error)")
            #expect(codes.contains(code))
        }
    }

    @Test("The limits in the command line's reference are the ones in force")
    func limits() throws {
        let text = try Readme.commandLine()
        #expect(HTTPTransport.defaultMaximumResponseSize == 1_048_576)
        #expect(text.contains("1 MiB (1,048,576 bytes) per answer"))
        #expect(LockWait().noticeAfter == .seconds(2) && LockWait().limit == .seconds(30))
        let settings = try Settings(ArgumentParser.parse(["status"]), environment: [:])
        #expect(settings.lockWait.limit == .seconds(30) && settings.timeout == 10 && Settings.seconds == 1...600)
        #expect(
            text.contains(
                "after 2 s graft says which lock file it waits for; after 30 s (or `GRAFT_LOCK_WAIT` seconds, 1 to 600)"
            ))
        #expect(text.contains("whole seconds from 1 to 600, 10 by default"))
        #expect(
            Product.prices.upperBound == 100_000_000 && CartLine.quantities == 1...99
                && CommandContext.largestNumber == 1_000_000)
        #expect(text.contains("prices up to 1,000,000.00, 1 to 99 of a product, pages up to 1,000,000"))
        #expect(DisplayText.messageLimit == 500 && DisplayText.quoteLimit == 60)
        #expect(text.contains("a server's message cut at 500 characters and an argument quoted to its first 60"))
    }

    @Test("The README's synopsis and the command line's reference say how graft takes each secret")
    func secrets() throws {
        let synopsis = try Readme.text()
        let text = try Readme.commandLine()
        for command in ["register", "login"] {
            #expect(
                Help.usage(for: [command]).hasPrefix("graft \(command) --mobile M [--password P | --password-stdin] "))
            #expect(
                synopsis.contains(
                    "  \(command.padding(toLength: 11, withPad: " ", startingAt: 0))--mobile M [--password P | --password-stdin] "
                ))
        }
        #expect(Secrets.variables == ["GRAFT_GESTURE", "GRAFT_CARD", "GRAFT_PAY_PASSWORD"])
        #expect(
            text.contains(
                "else `GRAFT_GESTURE`, `GRAFT_CARD` and\n  `GRAFT_PAY_PASSWORD` (the environment, which other users cannot read)"
            ))
        #expect(
            text.contains("`--password-stdin` reads one line (its line break dropped), a prompt one line with echo off")
        )
    }
}
