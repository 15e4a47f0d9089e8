/// Carries requests to a server: the embedded backend in process, or a real one over HTTP.
public protocol Transport: Sendable {
    /// Sends `request` and returns the server's response.
    /// - Throws: ``TransportError`` for anything that kept the request from getting a response.
    func send(_ request: WireRequest) async throws(TransportError) -> WireResponse
}
