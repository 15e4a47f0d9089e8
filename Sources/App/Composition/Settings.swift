import Foundation
import Container
import Protocols

/// What the global options and the environment decide, before any command runs.
struct Settings: Sendable {
    let home: String
    let server: URL?
    let timeout: Double
    let versions: VersionSelection
    let json: Bool

    init(_ command: ParsedCommand, environment: [String: String]) throws(UsageError) {
        let home = command.value("--home") ?? environment["GRAFT_HOME"] ?? ((environment["HOME"] ?? NSHomeDirectory()) + "/.graft")
        self.home = home.hasSuffix("/") && home.count > 1 ? String(home.dropLast()) : home
        if let text = command.value("--server") {
            guard let url = URL(string: text), ["http", "https"].contains(url.scheme ?? ""), url.host != nil else {
                throw UsageError("--server \(DisplayText.quoted(text)) is not an http:// or https:// URL", path: command.path)
            }
            server = url
        } else {
            server = nil
        }
        if let text = command.value("--timeout") {
            guard let seconds = Double(text), seconds > 0, seconds <= 600 else {
                throw UsageError("--timeout \(DisplayText.quoted(text)) must be a number of seconds from 1 to 600", path: command.path)
            }
            timeout = seconds
        } else {
            timeout = 10
        }
        versions = try VersionArguments.selection(flags: command.values("--impl"), environment: environment["GRAFT_IMPL"], path: command.path)
        json = command.json
    }

    var sessionPath: String { home + "/session.json" }
    var customersPath: String { home + "/customers.json" }
    var backendPath: String { home + "/backend.json" }
}
