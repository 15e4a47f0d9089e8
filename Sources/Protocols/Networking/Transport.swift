/// A request as the ``APIClient`` hands it to a ``Transport``.
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

/// Carries requests to a server: the embedded backend in process, or a real one over HTTP.
public protocol Transport: Sendable {
    /// Sends `request` and returns the server's response.
    /// - Throws: ``TransportError`` for anything that kept the request from getting a response.
    func send(_ request: WireRequest) async throws(TransportError) -> WireResponse
}
