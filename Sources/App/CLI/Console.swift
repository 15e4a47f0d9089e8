import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Where `graft` writes and asks; tests give it a recording console.
protocol Console: Sendable {
    func out(_ text: String)
    func err(_ text: String)
    /// Whether a person can answer prompts.
    var isInteractive: Bool { get }
    /// Asks for a value; `secret` hides what is typed. `nil` when nothing was answered.
    func prompt(_ label: String, secret: Bool) -> String?
}

/// The process's standard streams and terminal.
struct StandardConsole: Console {
    func out(_ text: String) { FileHandle.standardOutput.write(Data((text + "\n").utf8)) }
    func err(_ text: String) { FileHandle.standardError.write(Data((text + "\n").utf8)) }

    var isInteractive: Bool { isatty(0) == 1 && isatty(1) == 1 }

    func prompt(_ label: String, secret: Bool) -> String? {
        FileHandle.standardOutput.write(Data("\(label): ".utf8))
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
                FileHandle.standardOutput.write(Data("\n".utf8))
            }
        }
        guard let line = readLine(), !line.isEmpty else { return nil }
        return line
    }
}
