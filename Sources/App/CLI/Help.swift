/// The help and usage texts, made from the command table.
enum Help {
    /// `graft cart add ID [--qty N]`, or the overview for `graft`.
    static func usage(for path: [String]) -> String {
        guard let spec = spec(for: path) else {
            return
                "graft [--impl VERSION ...] [--home DIR] [--server URL] [--timeout SECONDS] [--json] [--trace] COMMAND"
        }
        let name = (["graft"] + path).joined(separator: " ")
        if !spec.subcommands.isEmpty {
            return "\(name) \(spec.subcommands.map(\.name).joined(separator: "|")) ..."
        }
        return spec.synopsis.isEmpty ? name : "\(name) \(spec.synopsis)"
    }

    static func spec(for path: [String]) -> CommandSpec? {
        var choices = commands
        var found: CommandSpec?
        for word in path {
            guard let next = choices.first(where: { $0.name == word }) else { return nil }
            found = next
            choices = next.subcommands
        }
        return found
    }

    /// The full help of a command, for `--help`.
    static func text(for path: [String]) -> String {
        let spec = spec(for: path)
        var lines: [String] = []
        lines.append(
            "OVERVIEW: \(spec?.summary ?? "Graft's reference shop: compose V1 or V2 implementations and run their flows.")"
        )
        for paragraph in spec?.discussion ?? [] {
            lines.append("")
            lines += wrapped(paragraph)
        }
        lines.append("")
        lines.append("USAGE: \(usage(for: path))")
        let subcommands = spec?.subcommands ?? (spec == nil ? commands : [])
        if !subcommands.isEmpty {
            lines.append("")
            lines.append(spec == nil ? "COMMANDS:" : "SUBCOMMANDS:")
            let width = subcommands.map(\.name.count).max() ?? 0
            for command in subcommands {
                lines.append(
                    "  \(command.name.padding(toLength: width + 2, withPad: " ", startingAt: 0))\(command.summary)")
            }
        }
        let own = spec?.options ?? []
        for (title, options) in [("OPTIONS:", own), ("GLOBAL OPTIONS:", globalOptions)] where !options.isEmpty {
            lines.append("")
            lines.append(title)
            let width = options.map(\.synopsis.count).max() ?? 0
            for option in options {
                lines.append(
                    "  \(option.synopsis.padding(toLength: width + 2, withPad: " ", startingAt: 0))\(option.help)")
            }
        }
        if spec == nil {
            lines.append("")
            lines.append("See 'graft <command> --help' for more information on a command.")
        }
        return lines.joined(separator: "\n")
    }

    /// `text` in lines of at most `width` characters, broken between words.
    static func wrapped(_ text: String, width: Int = 80) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty && line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += line.isEmpty ? String(word) : " \(word)"
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    /// What a usage error prints on standard error.
    static func error(_ error: UsageError) -> String {
        var lines = ["Error: \(error.message)"]
        if let suggestion = error.suggestion { lines.append(suggestion) }
        lines.append("Usage: \(usage(for: error.path))")
        let command = (["graft"] + error.path).joined(separator: " ")
        lines.append("  See '\(command) --help' for more information.")
        return lines.joined(separator: "\n")
    }
}
