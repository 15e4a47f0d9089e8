/// A command line taken apart against the command table.
struct ParsedCommand: Sendable, Equatable {
    /// The command's words: `["cart", "add"]`.
    var path: [String] = []
    /// Option values by name; a flag maps to an empty list.
    var options: [String: [String]] = [:]
    var arguments: [String] = []

    func value(_ name: String) -> String? { options[name]?.last }
    func values(_ name: String) -> [String] { options[name] ?? [] }
    func has(_ name: String) -> Bool { options[name] != nil }
    var wantsHelp: Bool { has("--help") }
    var json: Bool { has("--json") }
    var name: String { path.joined(separator: " ") }
}
