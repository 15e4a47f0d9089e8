import Protocols
import TextRules

/// What a command printed: lines for a person, fields for `--json`.
struct Report: Sendable {
    var lines: [String]
    var fields: [(String, JSONValue)]

    init(_ lines: [String], _ fields: [(String, JSONValue)] = []) {
        self.lines = lines
        self.fields = fields
    }
}

/// Why a command failed, with the exit code DESIGN.md gives it: 1 refused by the server,
/// 64 usage, 65 unreadable local data, 69 server unreachable, 70 internal error, 74 output or
/// local write failed, 76 the server answered but broke the protocol.
struct Failure: Error, Sendable {
    let message: String
    let exitCode: Int32
    /// The command whose usage follows the message, for usage errors.
    var usagePath: [String]?
    let kind: String
    var suggestion: String?

    init(_ message: String, exitCode: Int32, kind: String, usagePath: [String]? = nil, suggestion: String? = nil) {
        self.message = message
        self.exitCode = exitCode
        self.kind = kind
        self.usagePath = usagePath
        self.suggestion = suggestion
    }

    init(_ error: UsageError) {
        self.init(error.message, exitCode: 64, kind: "usage", usagePath: error.path, suggestion: error.suggestion)
    }

    init(_ error: ServiceError, in path: [String]) {
        switch error {
        case .refused(let code, let message):
            // The server's words reach a terminal: no control sequences, and not without end.
            self.init(message.isEmpty ? code.description : DisplayText.cleaned(message), exitCode: 1, kind: "refused")
        case .notLoggedIn: self.init(error.description, exitCode: 1, kind: "not logged in")
        case .invalidInput(let message): self.init(message, exitCode: 64, kind: "usage", usagePath: path)
        case .localState(let error): self.init(error)
        case .transport(let transport):
            switch transport {
            case .timedOut, .cannotFindHost, .cannotConnect, .connectionLost, .notConnected, .cancelled:
                self.init(
                    "\(transport); check --server, or run without it to use the embedded backend", exitCode: 69,
                    kind: "unreachable")
            case .badServerResponse, .undecodableBody:
                self.init(transport.description, exitCode: 76, kind: "protocol")
            case .localStorage(let error):
                self.init(error)
            }
        }
    }

    /// A local file that cannot be read is 65; one that cannot be written, or whose lock is
    /// held too long, is 74.
    init(_ error: LocalFileError) {
        self.init(
            error.description, exitCode: error.isWriteFailure ? 74 : 65,
            kind: error.isWriteFailure ? "local write" : "local state")
    }
}
