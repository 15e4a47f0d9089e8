/// A request as a ``ServiceClient`` hands it to a ``Transport``.
public struct WireRequest: Sendable, Equatable {
    /// The HTTP method, upper case.
    public var method: String
    /// The full path, with the generation's prefix: `/v2/cart/batch`.
    public var path: String
    /// The headers: the token, the content type, V2's signature.
    public var headers: [String: String]
    /// The JSON body; empty for none.
    public var body: [UInt8]

    /// A request for `path` with `method`, without headers or a body unless given.
    public init(method: String, path: String, headers: [String: String] = [:], body: [UInt8] = []) {
        self.method = method
        self.path = path
        self.headers = headers
        self.body = body
    }
}
