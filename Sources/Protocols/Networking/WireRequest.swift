/// A request as a ``ServiceClient`` hands it to a ``Transport``.
public struct WireRequest: Sendable, Equatable {
    public var method: String
    /// The full path, with the generation's prefix: `/v2/cart/batch`.
    public var path: String
    public var headers: [String: String]
    public var body: [UInt8]

    public init(method: String, path: String, headers: [String: String] = [:], body: [UInt8] = []) {
        self.method = method
        self.path = path
        self.headers = headers
        self.body = body
    }
}
