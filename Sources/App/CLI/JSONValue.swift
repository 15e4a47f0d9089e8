import Foundation

/// A JSON document built by hand for `--json` output, with its keys in a fixed order.
indirect enum JSONValue: Sendable {
    case string(String)
    case number(Int)
    case bool(Bool)
    case null
    case array([JSONValue])
    case object([(String, JSONValue)])
    /// An `Encodable` value, encoded as is.
    case encoded(String)

    static func encoding<T: Encodable>(_ value: T) -> JSONValue {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return .encoded(String(decoding: (try? encoder.encode(value)) ?? Data("null".utf8), as: UTF8.self))
    }

    var rendered: String {
        switch self {
        case .string(let text): Self.quote(text)
        case .number(let number): String(number)
        case .bool(let flag): flag ? "true" : "false"
        case .null: "null"
        case .array(let items): "[" + items.map(\.rendered).joined(separator: ",") + "]"
        case .object(let fields):
            "{" + fields.map { Self.quote($0.0) + ":" + $0.1.rendered }.joined(separator: ",") + "}"
        case .encoded(let text): text
        }
    }

    private static func quote(_ text: String) -> String {
        let encoder = JSONEncoder()
        return String(decoding: (try? encoder.encode(text)) ?? Data("\"\"".utf8), as: UTF8.self)
    }
}
