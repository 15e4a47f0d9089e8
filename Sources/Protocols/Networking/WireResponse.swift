/// What a server sent back.
public struct WireResponse: Sendable, Equatable {
    /// The HTTP status.
    public var status: Int
    /// The body, as sent.
    public var body: [UInt8]

    /// The response with HTTP `status` and `body`, as a transport received it.
    public init(status: Int, body: [UInt8]) {
        self.status = status
        self.body = body
    }
}
