#if os(Linux)
    import Foundation
    import Glibc
    import Testing

    /// `graft` on a pseudo-terminal of its own, as its controlling terminal: what is typed here is
    /// what a person types, Ctrl-C included, and the terminal's settings can be read once graft ends.
    ///
    /// `@unchecked Sendable`: a test drives it from one thread at a time (inside `Blocking.run`).
    final class Terminal: @unchecked Sendable {
        private let master: Int32
        /// Kept open, so the terminal and its settings outlive graft.
        private let slave: Int32
        private let process = Process()
        /// Everything graft wrote on the terminal so far.
        private(set) var screen = ""

        /// Starts `graft --home HOME arguments…` on a new terminal, with `environment` added.
        init(_ graft: GraftProcess, _ arguments: [String], environment: [String: String] = [:]) throws {
            let binary = try #require(GraftProcess.binary, "build the graft product first: swift build")
            master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
            try #require(master >= 0)
            var unlocked: Int32 = 0
            var number: UInt32 = 0
            // TIOCSPTLCK and TIOCGPTN, whose macros Swift cannot import.
            try #require(ioctl(master, 0x4004_5431, &unlocked) == 0 && ioctl(master, 0x8004_5430, &number) == 0)
            let path = "/dev/pts/\(number)"
            slave = open(path, O_RDWR | O_NOCTTY | O_CLOEXEC)
            try #require(slave >= 0)
            // setsid makes a session without a terminal; the shell's open of the terminal then makes
            // it the session's controlling terminal, so Ctrl-C reaches graft as SIGINT.
            process.executableURL = URL(fileURLWithPath: "/usr/bin/setsid")
            process.arguments =
                ["-w", "/bin/sh", "-c", #"exec "$0" "$@" <>"$TERMINAL" >&0 2>&0"#, binary.path, "--home", graft.home]
                + arguments
            var variables = ProcessInfo.processInfo.environment
            variables["GRAFT_IMPL"] = "v1"
            variables["GRAFT_HOME"] = nil
            variables["TERMINAL"] = path
            variables.merge(environment) { _, new in new }
            process.environment = variables
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
        }

        deinit {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            close(master)
            close(slave)
        }

        /// Reads what graft writes until `text` has appeared; throws after 30 seconds.
        func wait(for text: String) throws {
            let deadline = ContinuousClock.now + .seconds(30)
            var buffer = [UInt8](repeating: 0, count: 4096)
            while !screen.contains(text) {
                guard ContinuousClock.now < deadline else { throw NotShown(text: text, screen: screen) }
                var ready = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
                guard poll(&ready, 1, 100) > 0 else { continue }
                let count = read(master, &buffer, buffer.count)
                if count > 0 { screen += String(decoding: buffer[..<count], as: UTF8.self) }
            }
        }

        /// Types `text`, as keys on the keyboard: `"\r"` is Return, `"\u{3}"` Ctrl-C.
        func type(_ text: String) {
            _ = Array(text.utf8).withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
        }

        /// Waits for graft to end.
        func waitForExit() {
            process.waitUntilExit()
        }

        struct NotShown: Error, CustomStringConvertible {
            let text: String
            let screen: String
            var description: String { "'\(text)' did not appear in 30 s; the terminal shows: \(screen)" }
        }

        /// Whether the terminal shows what is typed.
        var echoes: Bool {
            var settings = termios()
            return tcgetattr(slave, &settings) == 0 && settings.c_lflag & tcflag_t(ECHO) != 0
        }
    }
#endif
