/// The payload of an answer that carries none.
public struct Empty: Codable, Sendable, Equatable {
    /// No payload.
    public init() {}
    /// Reads nothing: whatever `data` holds, if anything, is ignored.
    public init(from decoder: any Decoder) throws {}
    /// Writes an empty object.
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
