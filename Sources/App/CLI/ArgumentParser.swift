import Container
import Protocols
import TextRules

/// Parses `graft`'s command line against ``commands``, in the manner of swift-argument-parser:
/// options may come anywhere after `graft`, `--name=value` works, and an unknown option gets a
/// "did you mean" when one is close.
enum ArgumentParser {
    static func parse(_ arguments: [String]) throws(UsageError) -> ParsedCommand {
        var parsed = ParsedCommand()
        var spec: CommandSpec?
        var remaining = arguments[...]
        // For each argument, the secret option whose value came before it, if any: a password
        // typed unquoted in two words leaves its second word here, which no error may echo.
        var lastSecret: String?
        var secretBefore: [String?] = []
        while let word = remaining.popFirst() {
            if word.hasPrefix("-"), word != "-" {
                let (name, inline) = split(word)
                let known = options(of: spec)
                guard let option = known.first(where: { $0.name == name }) else {
                    let closest = nearest(name, among: known.map(\.name))
                    throw UsageError(
                        "unknown option \(DisplayText.quoted(name))", path: parsed.path,
                        suggestion: closest.map { "Did you mean '\($0)'?" })
                }
                if option.isFlag {
                    guard inline == nil else { throw UsageError("\(name) takes no value", path: parsed.path) }
                    parsed.options[name] = []
                } else {
                    guard let value = inline ?? remaining.popFirst(), inline != nil || !value.hasPrefix("--") else {
                        throw UsageError("missing value for '\(option.synopsis)'", path: parsed.path)
                    }
                    parsed.options[name, default: []].append(value)
                    if option.isSecret { lastSecret = name }
                }
                continue
            }
            let choices = spec?.subcommands ?? (spec == nil ? commands : [])
            if !choices.isEmpty {
                guard let next = choices.first(where: { $0.name == word }) else {
                    let what = spec == nil ? "command" : "\(parsed.name) subcommand"
                    let closest = nearest(word, among: choices.map(\.name))
                    throw UsageError(
                        "unknown \(what) \(DisplayText.quoted(word))", path: parsed.path,
                        suggestion: closest.map { "Did you mean '\($0)'?" })
                }
                spec = next
                parsed.path.append(word)
                continue
            }
            parsed.arguments.append(word)
            secretBefore.append(lastSecret)
        }
        guard !parsed.wantsHelp else { return parsed }
        guard let spec else { throw UsageError("no command given", path: []) }
        try checkComplete(parsed, against: spec, secretBefore: secretBefore)
        return parsed
    }

    /// Whether `parsed` is a whole command line for `spec`: a subcommand where one is needed,
    /// its arguments, no more (none echoed that may be part of a secret typed in two words), and
    /// its required options.
    private static func checkComplete(
        _ parsed: ParsedCommand, against spec: CommandSpec, secretBefore: [String?]
    ) throws(UsageError) {
        if !spec.subcommands.isEmpty {
            throw UsageError(
                "'\(parsed.name)' needs a subcommand: \(spec.subcommands.map(\.name).joined(separator: ", "))",
                path: parsed.path)
        }
        if parsed.arguments.count < spec.arguments.count {
            let missing = spec.arguments[parsed.arguments.count...].joined(separator: " ")
            throw UsageError("missing \(missing)", path: parsed.path)
        }
        if parsed.arguments.count > spec.arguments.count, let secret = secretBefore[spec.arguments.count] {
            let alternative = secret == "--password" ? ", or pipe the password in with --password-stdin" : ""
            throw UsageError(
                "unexpected argument after the value of \(secret), not shown in case it is part of that secret; quote a value that has spaces\(alternative)",
                path: parsed.path)
        }
        if parsed.arguments.count > spec.arguments.count {
            throw UsageError(
                "unexpected argument \(DisplayText.quoted(parsed.arguments[spec.arguments.count]))", path: parsed.path)
        }
        for option in spec.options where option.isRequired && !parsed.has(option.name) {
            throw UsageError("missing '\(option.synopsis)'", path: parsed.path)
        }
    }

    /// The options a command line may use at this point: the command's and the global ones.
    static func options(of spec: CommandSpec?) -> [CommandSpec.Option] {
        (spec?.options ?? []) + globalOptions
    }

    private static func split(_ word: String) -> (String, String?) {
        guard let equals = word.firstIndex(of: "=") else { return (word, nil) }
        return (String(word[..<equals]), String(word[word.index(after: equals)...]))
    }

    /// The candidate closest to `word`, by the rule the container's suggestions follow too.
    static func nearest(_ word: String, among candidates: [String]) -> String? {
        Spelling.nearest(word, among: candidates)
    }
}
