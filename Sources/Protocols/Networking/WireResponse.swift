/// What a server sent back.
public struct WireResponse: Sendable, Equatable {
    /// The HTTP status.
    public var status: Int
    public var body: [UInt8]

    public init(status: Int, body: [UInt8]) {
        self.status = status
        self.body = body
    }
}
