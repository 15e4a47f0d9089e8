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
                if let index = key.intValue, key.stringValue != String(index) {
                    text += "[\(index)]"
                } else {
                    text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
                }
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

    /// The error that a failure to decode `data` becomes. Foundation reports a number that does
    /// not fit its type — `1e300` or `1.5` where a whole number belongs — as "not valid JSON" at
    /// no member; when `data` is JSON after all, this names the first number that no `Int` holds
    /// and says why, instead of calling the document not JSON.
    public init(_ error: DecodingError, decoding data: Data) {
        self.init(error)
        guard case .undecodableBody("body", "not JSON") = self,
            let document = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        else { return }
        self =
            Self.misfit(in: document, at: "")
            ?? .undecodableBody(field: "body", reason: "a value does not fit its type")
    }

    /// The first number under `value`, keys in order, that is not a whole number an `Int` holds.
    private static func misfit(in value: Any, at field: String) -> TransportError? {
        switch value {
        case let object as [String: Any]:
            for (key, member) in object.sorted(by: { $0.key < $1.key }) {
                if let found = misfit(in: member, at: field.isEmpty ? key : "\(field).\(key)") { return found }
            }
        case let list as [Any]:
            for (index, item) in list.enumerated() {
                if let found = misfit(in: item, at: "\(field)[\(index)]") { return found }
            }
        case is Bool:
            break
        case let number as NSNumber where Int(exactly: number) == nil:
            let whole = number.doubleValue.rounded() == number.doubleValue
            return .undecodableBody(
                field: field.isEmpty ? "body" : field,
                reason: whole ? "\(number) is out of range for a whole number" : "\(number) is not a whole number")
        default:
            break
        }
        return nil
    }
}
