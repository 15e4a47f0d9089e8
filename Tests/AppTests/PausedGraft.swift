import Foundation
import Testing
import TestSupport

/// A graft process stopped at a named point by the test-only hook (`GRAFT_TEST_PAUSE_AT`) of
/// `PausingGraft`, a build of the app that is never shipped, so a test can run other commands in
/// between and then let it go on, or kill it there.
final class PausedGraft: Sendable {
    private let process = Process()
    private let input = Pipe(), output = Pipe(), error = Pipe()
    /// What the process wrote on standard error before it paused, the announcement left out.
    private let errorBeforePause: Data

    /// The process's id, for what `ps` shows of it.
    var processIdentifier: Int32 { process.processIdentifier }

    /// Starts `graft arguments…` in `graft`'s home, with `input` on its standard input and
    /// `environment` added to its own, and returns once it has reached `point`.
    static func start(
        _ graft: GraftProcess, _ arguments: [String], at point: String, input: String = "",
        environment: [String: String] = [:]
    ) async throws -> PausedGraft {
        try await Blocking.run { try PausedGraft(graft, arguments, at: point, input: input, environment: environment) }
    }

    private init(
        _ graft: GraftProcess, _ arguments: [String], at point: String, input text: String,
        environment: [String: String]
    ) throws {
        guard let binary = GraftProcess.pausingBinary else {
            throw PauseMissed(point: point, error: "build the test-only PausingGraft first: swift build")
        }
        process.executableURL = binary
        process.arguments = ["--home", graft.home] + arguments
        var variables = ProcessInfo.processInfo.environment
        variables["GRAFT_IMPL"] = "v1"
        variables["GRAFT_HOME"] = nil
        variables["GRAFT_TEST_PAUSE_AT"] = point
        variables.merge(environment) { _, new in new }
        process.environment = variables
        process.standardInput = input
        process.standardOutput = output
        process.standardError = error
        try process.run()
        if !text.isEmpty { try input.fileHandleForWriting.write(contentsOf: Data(text.utf8)) }
        // Reads standard error until the pause is announced; a process that ends first (end of
        // file) or says more than 64 KiB without pausing fails the test.
        let announcement = Data("graft: paused at \(point)\n".utf8)
        var errorSoFar = Data()
        while errorSoFar.range(of: announcement) == nil {
            let chunk = error.fileHandleForReading.availableData
            guard !chunk.isEmpty, errorSoFar.count < 1 << 16 else {
                process.waitUntilExit()
                throw PauseMissed(point: point, error: String(decoding: errorSoFar, as: UTF8.self))
            }
            errorSoFar += chunk
        }
        errorSoFar.removeSubrange(errorSoFar.range(of: announcement)!)
        errorBeforePause = errorSoFar
    }

    /// Lets the process go on, and waits for it to finish.
    func resume() async throws -> GraftProcess.Result {
        try await Blocking.run { [self] in
            try input.fileHandleForWriting.write(contentsOf: Data("\n".utf8))
            try input.fileHandleForWriting.close()
            let outputData = output.fileHandleForReading.readDataToEndOfFile()
            let errorData = errorBeforePause + error.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return GraftProcess.Result(
                status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
                error: String(decoding: errorData, as: UTF8.self))
        }
    }

    /// Kills the process where it stands, as a power cut or `kill -9` would.
    func kill() async throws {
        try await Blocking.run { [self] in
            Glibc.kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    struct PauseMissed: Error, CustomStringConvertible {
        let point: String
        let error: String
        var description: String { "graft ended without pausing at \(point): \(error)" }
    }
}
