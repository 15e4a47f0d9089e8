import FileStorage
import Foundation
import Container
import Protocols
import TextRules

/// What the global options and the environment decide, before any command runs.
struct Settings: Sendable {
    let home: String
    let server: URL?
    /// The deadline for a whole request to `server`, in whole seconds.
    let timeout: Int
    let versions: VersionSelection
    let json: Bool
    /// How long to wait for another graft's lock on a file under `home`; the notice is set by
    /// ``Graft/run(_:environment:console:reaching:)`` to print on the console.
    var lockWait: LockWait
    /// With `--trace`, where the business services' calls are printed; set by
    /// ``Graft/run(_:environment:console:reaching:)`` to the console's standard error.
    var tracer: Tracer?
    /// Told each ``StatePoint`` as graft passes it; set by ``Graft/run(_:environment:console:reaching:)``,
    /// nothing but in the test-only build.
    var reached: @Sendable (StatePoint) -> Void = { _ in }
    /// The login chain's secrets given in the environment (``Secrets/variables``), which other
    /// users cannot read as they can the command line; an empty value counts as none.
    let secretVariables: [String: String]

    /// The values `--timeout` and `GRAFT_LOCK_WAIT` take, in whole seconds: Foundation on Linux
    /// truncates fractions of a second, so whole seconds are what is honoured.
    static let seconds = 1...600

    init(_ command: ParsedCommand, environment: [String: String]) throws(UsageError) {
        let home: String
        if let flag = command.value("--home") {
            home = try Self.folder(flag, named: "--home", path: command.path)
        } else if let variable = environment["GRAFT_HOME"] {
            home = try Self.folder(variable, named: "GRAFT_HOME", path: command.path)
        } else {
            home = (environment["HOME"] ?? NSHomeDirectory()) + "/.graft"
        }
        self.home = home.hasSuffix("/") && home.count > 1 ? String(home.dropLast()) : home
        if let text = command.value("--server") {
            guard let url = URL(string: text), ["http", "https"].contains(url.scheme ?? ""), url.host?.isEmpty == false
            else {
                throw UsageError(
                    "--server \(DisplayText.quoted(text)) is not an http:// or https:// URL", path: command.path)
            }
            if let port = url.port, !(1...65535).contains(port) {
                throw UsageError(
                    "--server \(DisplayText.quoted(text)): the port must be from 1 to 65535", path: command.path)
            }
            server = url
        } else {
            server = nil
        }
        timeout =
            try command.value("--timeout").map { text throws(UsageError) in
                try Self.wholeSeconds(text, named: "--timeout", path: command.path)
            } ?? 10
        let lockLimit =
            try environment["GRAFT_LOCK_WAIT"].map { text throws(UsageError) in
                try Self.wholeSeconds(text, named: "GRAFT_LOCK_WAIT", path: command.path)
            } ?? 30
        lockWait = LockWait(limit: .seconds(lockLimit))
        versions = try VersionArguments.selection(
            flags: command.values("--impl"), environment: environment["GRAFT_IMPL"], path: command.path)
        json = command.json
        secretVariables = environment.filter { Secrets.variables.contains($0.key) && !$0.value.isEmpty }
    }

    var sessionPath: String { home + "/session.json" }
    var customersPath: String { home + "/customers.json" }
    var backendPath: String { home + "/backend.json" }

    private static func wholeSeconds(_ text: String, named name: String, path: [String]) throws(UsageError) -> Int {
        guard let seconds = Int(text), Self.seconds.contains(seconds) else {
            throw UsageError(
                "\(name) \(DisplayText.quoted(text)) must be a whole number of seconds from \(Self.seconds.lowerBound) to \(Self.seconds.upperBound)",
                path: path)
        }
        return seconds
    }

    /// A home folder as given: not empty (that would be the filesystem's root), and UTF-8 (the
    /// system hands graft a byte that is not as U+FFFD, which would name another folder).
    private static func folder(_ text: String, named name: String, path: [String]) throws(UsageError) -> String {
        guard !text.isEmpty else {
            throw UsageError("\(name) is empty; give the folder for graft's state, such as ~/.graft", path: path)
        }
        guard !text.unicodeScalars.contains("\u{FFFD}") else {
            throw UsageError(
                "\(name) \(DisplayText.quoted(text)) has a byte that is not UTF-8; rename the folder or choose another",
                path: path)
        }
        return text
    }
}
