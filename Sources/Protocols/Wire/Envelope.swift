import Foundation

/// Where an encoder or decoder finds the generation whose envelope it reads or writes.
private let generationKey = CodingUserInfoKey(rawValue: "graft.generation")!

/// A server's answer, unwrapped from its generation's envelope: the business code, the
/// server's message and, for a successful answer, the payload.
///
/// ```swift
/// let answer = try Envelope<Customer>.decode(body, generation: .v2)
/// if answer.code == .success { show(answer.payload) }
/// ```
public struct Envelope<Payload: Sendable>: Sendable {
    /// What the answer means.
    public let code: BusinessCode
    /// The server's words, for the person (`desc` in V1, `msg` in V2).
    public let message: String
    /// The `data` member, when present and well formed; always present for a success.
    public let payload: Payload?

    /// An answer, as a server would send it.
    public init(code: BusinessCode, message: String, payload: Payload?) {
        self.code = code
        self.message = message
        self.payload = payload
    }
}

extension Envelope where Payload: Decodable {
    /// Reads an answer of `generation` from a response body.
    ///
    /// - Throws: ``TransportError/undecodableBody(field:reason:)`` naming the member that is
    ///   missing or of the wrong type, such as `code` or `data.items[2].price`. The payload must
    ///   be well formed only when the code is ``BusinessCode/success``; otherwise a payload that
    ///   does not decode is left out.
    public static func decode(_ body: Data, generation: Generation) throws(TransportError) -> Envelope {
        guard !body.isEmpty else {
            throw .undecodableBody(field: "body", reason: "empty; expected a JSON object")
        }
        do {
            let decoder = JSONDecoder()
            decoder.userInfo[generationKey] = generation
            return try decoder.decode(Wire.self, from: body).envelope
        } catch let error as DecodingError {
            throw TransportError(error)
        } catch {
            throw .undecodableBody(field: "body", reason: "\(error)")
        }
    }

    private struct Wire: Decodable {
        let envelope: Envelope

        enum Keys: String, CodingKey {
            case status, desc, code, msg, data
        }

        init(from decoder: any Decoder) throws {
            let generation = decoder.userInfo[generationKey] as? Generation ?? .v2
            let container = try decoder.container(keyedBy: Keys.self)
            let code: BusinessCode
            let message: String
            switch generation {
            case .v1:
                code = BusinessCode(wireValue: try container.decode(String.self, forKey: .status), in: .v1)
                message = try container.decode(String.self, forKey: .desc)
            case .v2:
                code = BusinessCode(wireValue: String(try container.decode(Int.self, forKey: .code)), in: .v2)
                message = try container.decode(String.self, forKey: .msg)
            }
            // A success must carry its payload; any other answer may, and a malformed one must not
            // hide the business code (a generation may count more codes as success).
            let payload = code == .success
                ? try container.decode(Payload.self, forKey: .data)
                : try? container.decodeIfPresent(Payload.self, forKey: .data)
            envelope = Envelope(code: code, message: message, payload: payload)
        }
    }
}

extension Envelope where Payload: Encodable {
    /// The response body that `generation` sends for this answer; keys sorted, so equal
    /// answers give equal bytes.
    public func encoded(generation: Generation) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.userInfo[generationKey] = generation
        // Encoding plain values and our own payload types cannot fail.
        return try! encoder.encode(WireOut(envelope: self))
    }

    private struct WireOut: Encodable {
        let envelope: Envelope

        enum Keys: String, CodingKey {
            case status, desc, code, msg, data
        }

        func encode(to encoder: any Encoder) throws {
            let generation = encoder.userInfo[generationKey] as? Generation ?? .v2
            var container = encoder.container(keyedBy: Keys.self)
            switch generation {
            case .v1:
                try container.encode(envelope.code.wireValue(in: .v1), forKey: .status)
                try container.encode(envelope.message, forKey: .desc)
            case .v2:
                try container.encode(Int(envelope.code.wireValue(in: .v2)) ?? 0, forKey: .code)
                try container.encode(envelope.message, forKey: .msg)
            }
            if let payload = envelope.payload {
                try container.encode(payload, forKey: .data)
            } else {
                try container.encodeNil(forKey: .data)
            }
        }
    }
}

/// The payload of an answer that carries none.
public struct Empty: Codable, Sendable, Equatable {
    public init() {}
    public init(from decoder: any Decoder) throws {}
    public func encode(to encoder: any Encoder) throws {
        _ = encoder.container(keyedBy: AnyKey.self)
    }

    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}

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
