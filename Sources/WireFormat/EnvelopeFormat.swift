import Foundation
import Protocols

/// How one generation wraps an answer on the wire: the member that holds the business code
/// and how the code is written, the member that holds the message, and the number each
/// ``BusinessCode`` has. The answer's payload is always `data`.
///
/// A format is a value, so each generation defines its own without changing this type (V1's
/// `.v1` in `ImplV1`, V2's `.v2` in `ImplV2`) and names it in its `GenerationWire`.
///
/// ```swift
/// let answer = try EnvelopeFormat.v2.decode(body, as: Customer.self)
/// let body = EnvelopeFormat.v1.encode(Envelope(code: .wrongPassword, message: "wrong password", payload: Empty()))
/// ```
public struct EnvelopeFormat: Sendable {
    /// The member holding the business code: `status`, `code`.
    public let codeMember: String
    /// The member holding the server's message: `desc`, `msg`.
    public let messageMember: String
    /// Whether the code is a JSON number (`200`) rather than a string (`"000000"`).
    public let codesAreNumbers: Bool
    /// Each known code with its wire value, as text.
    private let wireValues: [BusinessCode: String]

    /// A format with the given members and codes.
    ///
    /// - Parameters:
    ///   - codeMember: The member holding the business code.
    ///   - messageMember: The member holding the message.
    ///   - codesAreNumbers: Whether codes are JSON numbers; then every wire value must be digits.
    ///   - wireValues: The wire value of each code in ``BusinessCode/known``.
    public init(codeMember: String, messageMember: String, codesAreNumbers: Bool, wireValues: [BusinessCode: String]) {
        self.codeMember = codeMember
        self.messageMember = messageMember
        self.codesAreNumbers = codesAreNumbers
        self.wireValues = wireValues
    }

    /// The code as this format writes it; an unknown code as it was on the wire.
    public func wireValue(of code: BusinessCode) -> String {
        if case .unknown(let raw) = code { return raw }
        return wireValues[code] ?? ""
    }

    /// The code this format writes as `wireValue`; ``BusinessCode/unknown(_:)`` when it is none of them.
    public func code(forWireValue wireValue: String) -> BusinessCode {
        BusinessCode.known.first { wireValues[$0] == wireValue } ?? .unknown(wireValue)
    }

    /// Reads an answer from a response body.
    ///
    /// - Throws: ``TransportError/undecodableBody(field:reason:)`` naming the member that is
    ///   missing or of the wrong type, such as `code` or `data.items[2].price`. The payload must
    ///   be well formed only when the code is ``BusinessCode/success``; otherwise a payload that
    ///   does not decode is left out.
    public func decode<Payload: Decodable & Sendable>(_ body: Data, as payload: Payload.Type) throws(TransportError)
        -> Envelope<Payload>
    {
        guard !body.isEmpty else {
            throw .undecodableBody(field: "body", reason: "empty; expected a JSON object")
        }
        do {
            let decoder = JSONDecoder()
            decoder.userInfo[Self.userInfoKey] = self
            return try decoder.decode(Incoming<Payload>.self, from: body).envelope
        } catch let error as DecodingError {
            throw TransportError(error, decoding: body)
        } catch {
            throw .undecodableBody(field: "body", reason: "\(error)")
        }
    }

    /// The response body for `envelope`; keys sorted, so equal answers give equal bytes.
    public func encode<Payload: Encodable & Sendable>(_ envelope: Envelope<Payload>) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.userInfo[Self.userInfoKey] = self
        // Encoding plain values and our own payload types cannot fail.
        return try! encoder.encode(Outgoing(envelope: envelope))
    }

    /// Where the coders find the format while they read or write.
    fileprivate static let userInfoKey = CodingUserInfoKey(rawValue: "graft.envelope-format")!
}

/// A member of an envelope, named by its format.
private struct Member: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ name: String) { stringValue = name }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }

    static let data = Member("data")
}

private struct Incoming<Payload: Decodable & Sendable>: Decodable {
    let envelope: Envelope<Payload>

    init(from decoder: any Decoder) throws {
        guard let format = decoder.userInfo[EnvelopeFormat.userInfoKey] as? EnvelopeFormat else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "no envelope format given"))
        }
        let container = try decoder.container(keyedBy: Member.self)
        let codeKey = Member(format.codeMember)
        let wireValue =
            format.codesAreNumbers
            ? String(try container.decode(Int.self, forKey: codeKey))
            : try container.decode(String.self, forKey: codeKey)
        let code = format.code(forWireValue: wireValue)
        let message = try container.decode(String.self, forKey: Member(format.messageMember))
        // A success must carry its payload; any other answer may, and a malformed one must not
        // hide the business code (a generation may count more codes as success).
        let payload =
            code == .success
            ? try container.decode(Payload.self, forKey: .data)
            : try? container.decodeIfPresent(Payload.self, forKey: .data)
        envelope = Envelope(code: code, message: message, payload: payload)
    }
}

private struct Outgoing<Payload: Encodable & Sendable>: Encodable {
    let envelope: Envelope<Payload>

    func encode(to encoder: any Encoder) throws {
        guard let format = encoder.userInfo[EnvelopeFormat.userInfoKey] as? EnvelopeFormat else {
            throw EncodingError.invalidValue(
                envelope.message, .init(codingPath: [], debugDescription: "no envelope format given"))
        }
        var container = encoder.container(keyedBy: Member.self)
        let wireValue = format.wireValue(of: envelope.code)
        if format.codesAreNumbers {
            try container.encode(Int(wireValue) ?? 0, forKey: Member(format.codeMember))
        } else {
            try container.encode(wireValue, forKey: Member(format.codeMember))
        }
        try container.encode(envelope.message, forKey: Member(format.messageMember))
        if let payload = envelope.payload {
            try container.encode(payload, forKey: .data)
        } else {
            try container.encodeNil(forKey: .data)
        }
    }
}
