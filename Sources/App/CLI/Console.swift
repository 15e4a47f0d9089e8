import Foundation
#if canImport(Glibc)
    import Glibc
    private let systemWrite = Glibc.write
    private let systemSignal = Glibc.signal
#elseif canImport(Darwin)
    import Darwin
    private let systemWrite = Darwin.write
    private let systemSignal = Darwin.signal
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
    /// Whether standard input is a terminal, where what is typed shows unless echo is off.
    var inputIsTerminal: Bool { get }
    /// Asks for a value on standard error, so standard output keeps only the command's report;
    /// `secret` hides what is typed. `nil` when nothing was answered.
    func prompt(_ label: String, secret: Bool) -> String?
    /// The next line of standard input, without its line break; `nil` at its end.
    func readInputLine() -> String?
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

    var inputIsTerminal: Bool { isatty(0) == 1 }

    func prompt(_ label: String, secret: Bool) -> String? {
        guard secret, tcgetattr(0, &terminalBeforePrompt) == 0 else {
            try? Self.write("\(label): ", to: 2)
            return answer()
        }
        // The handlers first, then echo off, then the label: a Ctrl-C at any point finds the
        // terminal's settings saved, and nothing typed after the label is shown.
        let previous = interruptions.map { systemSignal($0, restoreTerminalAndDie) }
        var quiet = terminalBeforePrompt
        quiet.c_lflag &= ~tcflag_t(ECHO)
        tcsetattr(0, TCSANOW, &quiet)
        defer {
            tcsetattr(0, TCSANOW, &terminalBeforePrompt)
            for (signal, handler) in zip(interruptions, previous) { _ = systemSignal(signal, handler) }
            // The line break typed was not echoed either.
            try? Self.write("\n", to: 2)
        }
        try? Self.write("\(label): ", to: 2)
        return answer()
    }

    func readInputLine() -> String? {
        readLine(strippingNewline: true)
    }

    private func answer() -> String? {
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

/// The signals that end graft from the terminal or the system while a hidden prompt has echo off.
private let interruptions = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

/// The terminal's settings from before a hidden prompt turned echo off, for the signal handler
/// to put back. `nonisolated(unsafe)`: written only before the handler is installed, and read by
/// the handler, which no lock may guard (a lock is not async-signal-safe).
nonisolated(unsafe) private var terminalBeforePrompt = termios()

/// Puts the terminal back as it was before the hidden prompt, then dies of `signal` as if there
/// had been no handler, so the shell sees the usual status (130 for Ctrl-C). Only
/// async-signal-safe calls.
private func restoreTerminalAndDie(_ signal: Int32) {
    tcsetattr(0, TCSANOW, &terminalBeforePrompt)
    _ = systemSignal(signal, SIG_DFL)
    raise(signal)
}
