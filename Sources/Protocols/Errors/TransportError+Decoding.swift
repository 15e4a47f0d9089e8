import Foundation

extension TransportError {
    /// The error that a decoding failure becomes, naming the member where it happened
    /// (`data.items[1].price`).
    public init(_ error: DecodingError) {
        func field(_ path: [any CodingKey], _ last: (any CodingKey)? = nil) -> String {
            let keys = path + (last.map { [$0] } ?? [])
            guard !keys.isEmpty else { return "body" }
            var text = ""
            for key in keys {
                // A list's index has an intValue and reads "Index 2"; a dictionary key such as a
                // mobile number may have one too, but reads as itself.
                if let index = key.intValue, key.stringValue != String(index) { text += "[\(index)]" } else { text += text.isEmpty ? key.stringValue : ".\(key.stringValue)" }
            }
            return text
        }
        func expected(_ type: Any.Type) -> String {
            switch type {
            case is String.Type: "a string"
            case is Int.Type, is Int64.Type, is UInt.Type: "a whole number"
            case is Double.Type, is Decimal.Type: "a number"
            case is Bool.Type: "true or false"
            case is [Any].Type: "a list"
            case is [String: Any].Type: "an object"
            default: "\(type)"
            }
        }
        switch error {
        case .keyNotFound(let key, let context):
            self = .undecodableBody(field: field(context.codingPath, key), reason: "missing")
        case .typeMismatch(let type, let context):
            let wanted = context.codingPath.isEmpty ? "a JSON object" : expected(type)
            self = .undecodableBody(field: field(context.codingPath), reason: "expected \(wanted)")
        case .valueNotFound(let type, let context):
            self = .undecodableBody(field: field(context.codingPath), reason: "null; expected \(expected(type))")
        case .dataCorrupted(let context):
            let reason = context.codingPath.isEmpty ? "not JSON" : context.debugDescription
            self = .undecodableBody(field: field(context.codingPath), reason: reason)
        @unknown default:
            self = .undecodableBody(field: "body", reason: "\(error)")
        }
    }
}
