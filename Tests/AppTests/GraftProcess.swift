import Foundation
import Testing
import TestSupport

/// Runs the built `graft` binary as a person would, in a home folder of its own.
struct GraftProcess: Sendable {
    struct Result: Sendable {
        let status: Int32
        let output: String
        let error: String
        /// From the start of the process to its end: graft's own time, not the time spent
        /// waiting for a slot to run it in.
        var elapsed: Duration = .zero
    }

    /// How many graft processes the tests run at once. On a 2-core machine, dozens at a time
    /// (a suite's arguments all start together) would slow every timed test by tens of seconds.
    private static let slots = DispatchSemaphore(value: 3)

    let home: String

    init() throws {
        home = NSTemporaryDirectory() + "graft-e2e-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
    }

    /// The built `graft`, as users run it.
    static let binary = builtExecutable("graft")
    /// The test-only build of graft that pauses at a state point (Tests/PausingGraft).
    static let pausingBinary = builtExecutable("PausingGraft")

    /// The executable `name` in the build folder the tests run from.
    private static func builtExecutable(_ name: String) -> URL? {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder.deleteLastPathComponent()
        }
        return nil
    }

    /// Runs `graft --home HOME arguments…` with no terminal on standard input.
    @discardableResult
    func run(_ arguments: String..., environment: [String: String] = [:]) async throws -> Result {
        try await run(arguments, environment: environment)
    }

    /// Waits for the process on a Dispatch thread, so tests waiting for `graft` never hold the
    /// threads that Swift concurrency's other tests need.
    func run(_ arguments: [String], environment: [String: String] = [:]) async throws -> Result {
        try await Blocking.run { try runBlocking(arguments, environment: environment) }
    }

    /// Runs `graft` and waits for it. `standardOutput` replaces the pipe the output is read from,
    /// such as `/dev/full`; `closedOutput` gives it a pipe whose reading end is already closed.
    func runBlocking(
        _ arguments: [String], environment: [String: String] = [:], standardOutput: FileHandle? = nil,
        closedOutput: Bool = false
    ) throws -> Result {
        let binary = try #require(Self.binary, "build the graft product first: swift build")
        return try launch(
            binary, ["--home", home] + arguments, environment: environment, standardOutput: standardOutput,
            closedOutput: closedOutput)
    }

    /// Runs `script` with `/bin/sh -c`, where `$GRAFT` is the binary and `$HOME_DIR` this home:
    /// for what only a shell can set up, such as a umask, a file size limit or a byte that is not
    /// UTF-8.
    func shell(_ script: String, environment: [String: String] = [:]) async throws -> Result {
        let binary = try #require(Self.binary, "build the graft product first: swift build")
        return try await Blocking.run {
            try launch(
                URL(fileURLWithPath: "/bin/sh"), ["-c", script],
                environment: environment.merging(["GRAFT": binary.path, "HOME_DIR": home]) { _, new in new })
        }
    }

    private func launch(
        _ executable: URL, _ arguments: [String], environment: [String: String], standardOutput: FileHandle? = nil,
        closedOutput: Bool = false
    ) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var variables = ProcessInfo.processInfo.environment
        // Pinned, so a test means the same whichever trait built graft; a test may set its own.
        variables["GRAFT_IMPL"] = "v1"
        variables["GRAFT_HOME"] = nil
        variables.merge(environment) { _, new in new }
        process.environment = variables
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = standardOutput ?? output
        // Closed before graft starts, so its first write meets a pipe with no reader, every time.
        if closedOutput { try output.fileHandleForReading.close() }
        process.standardError = error
        process.standardInput = FileHandle.nullDevice
        Self.slots.wait()
        defer { Self.slots.signal() }
        let started = ContinuousClock.now
        try process.run()
        let outputData =
            standardOutput == nil && !closedOutput ? output.fileHandleForReading.readDataToEndOfFile() : Data()
        let errorData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
            error: String(decoding: errorData, as: UTF8.self), elapsed: ContinuousClock.now - started)
    }

    /// Registers and logs in `mobile`, creating a gesture password (and, for V2, the card and PIN).
    func account(_ mobile: String = "13800000001", impl: String = "v1") async throws {
        try await Blocking.run { try accountBlocking(mobile, impl: impl) }
    }

    /// ``account(_:impl:)`` for set-up outside a task, which may simply wait.
    func accountBlocking(_ mobile: String = "13800000001", impl: String = "v1") throws {
        let registered = try runBlocking([
            "--impl", impl, "register", "--mobile", mobile, "--password", "correct horse",
        ])
        precondition(registered.status == 0, registered.error)
        let logged = try runBlocking([
            "--impl", impl, "login", "--mobile", mobile, "--password", "correct horse", "--gesture", "1235",
            "--card", "4242424242424242", "--holder", "Ada", "--pay-password", "123456",
        ])
        precondition(logged.status == 0, logged.error)
    }

    /// Changes `backend.json` as a person with an editor might: `change` gets the parsed document.
    func editBackend(_ change: (inout [String: Any]) throws -> Void) throws {
        let url = URL(fileURLWithPath: backendPath)
        var document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        try change(&document)
        try JSONSerialization.data(withJSONObject: document).write(to: url)
    }

    /// The names in the home folder that start with `prefix`.
    func files(startingWith prefix: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: home).filter { $0.hasPrefix(prefix) }.sorted()
    }

    var sessionPath: String { home + "/session.json" }
    var backendPath: String { home + "/backend.json" }
}
