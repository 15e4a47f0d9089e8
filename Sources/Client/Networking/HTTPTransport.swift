import Foundation
import Protocols
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Carries requests to a real server over HTTP, with `URLSession`; every failure becomes one of
/// the ``TransportError`` categories.
///
/// Three limits hold against a slow, broken or hostile server:
/// - ``timeout`` is a deadline for the whole request — connecting, sending, and the whole body —
///   so a server that drips a byte a second still ends on time;
/// - a response body larger than ``maximumResponseSize`` is not read past that size;
/// - redirects are not followed: a request carries the session token, which must never reach
///   another server, and the API's routes never move. A redirect is a bad server response.
public final class HTTPTransport: Transport {
    /// The largest response body read by default: 1 MiB, far above any answer of the API.
    public static let defaultMaximumResponseSize = 1 << 20

    /// The server's address, such as `http://127.0.0.1:8080`; request paths are appended to it.
    public let baseURL: URL
    /// The deadline for a whole request.
    public let timeout: Duration
    /// The largest response body read, in bytes.
    public let maximumResponseSize: Int

    /// A transport to `baseURL` that gives up on a request after `timeout`, and on a body
    /// larger than `maximumResponseSize` bytes.
    public init(
        baseURL: URL, timeout: Duration = .seconds(10),
        maximumResponseSize: Int = HTTPTransport.defaultMaximumResponseSize
    ) {
        self.baseURL = baseURL
        self.timeout = timeout
        self.maximumResponseSize = maximumResponseSize
    }

    /// Sends `request` to ``baseURL`` plus its path, within ``timeout``.
    public func send(_ request: WireRequest) async throws(TransportError) -> WireResponse {
        let base =
            baseURL.absoluteString.hasSuffix("/") ? String(baseURL.absoluteString.dropLast()) : baseURL.absoluteString
        guard let url = URL(string: base + request.path) else {
            throw .badServerResponse(status: 0, detail: "cannot make a URL of \(base) and \(request.path)")
        }
        var urlRequest = URLRequest(url: url)
        urlRequest.httpMethod = request.method
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        // Compressed bodies would make the size limit count the wire, not what is kept.
        urlRequest.setValue("identity", forHTTPHeaderField: "Accept-Encoding")
        if !request.body.isEmpty { urlRequest.httpBody = Data(request.body) }
        let exchange = HTTPExchange(url: url, maximumResponseSize: maximumResponseSize)
        return try await exchange.run(urlRequest, deadline: timeout)
    }
}
