import Foundation
#if canImport(Glibc)
import Glibc
private let systemWrite = Glibc.write
#elseif canImport(Darwin)
import Darwin
private let systemWrite = Darwin.write
#endif

/// Where `graft` writes and asks; tests give it a recording console.
protocol Console: Sendable {
    /// Writes a line to standard output.
    /// - Throws: ``OutputError`` when it cannot be written, so the caller can report that instead
    ///   of trapping.
    func out(_ text: String) throws(OutputError)
    /// Writes a line to standard error, as far as it can: there is nowhere left to report a
    /// failure to.
    func err(_ text: String)
    /// Whether a person can answer prompts.
    var isInteractive: Bool { get }
    /// Asks for a value; `secret` hides what is typed. `nil` when nothing was answered.
    func prompt(_ label: String, secret: Bool) -> String?
}

/// The process's standard streams and terminal.
struct StandardConsole: Console {
    func out(_ text: String) throws(OutputError) {
        try Self.write(text + "\n", to: 1)
    }

    func err(_ text: String) {
        try? Self.write(text + "\n", to: 2)
    }

    var isInteractive: Bool { isatty(0) == 1 && isatty(1) == 1 }

    func prompt(_ label: String, secret: Bool) -> String? {
        try? Self.write("\(label): ", to: 1)
        var saved = termios()
        let hidden = secret && tcgetattr(0, &saved) == 0
        if hidden {
            var quiet = saved
            quiet.c_lflag &= ~tcflag_t(ECHO)
            tcsetattr(0, TCSANOW, &quiet)
        }
        defer {
            if hidden {
                tcsetattr(0, TCSANOW, &saved)
                try? Self.write("\n", to: 1)
            }
        }
        guard let line = readLine(), !line.isEmpty else { return nil }
        return line
    }

    /// Writes all of `text` with `write(2)`, which reports a full disk or a closed pipe as an
    /// error (`FileHandle.write` traps on them). SIGPIPE is ignored in `main.swift`, so a closed
    /// pipe arrives here as EPIPE.
    private static func write(_ text: String, to descriptor: Int32) throws(OutputError) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let count = bytes[offset...].withUnsafeBytes { systemWrite(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw OutputError(reason: String(cString: strerror(errno)))
            }
            offset += count
        }
    }
}
