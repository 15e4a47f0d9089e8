import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Carries requests to a real server over HTTP, with `URLSession`; every failure becomes one of
/// the ``TransportError`` categories, within the configured timeout.
public final class HTTPTransport: Transport {
    /// The server's address, such as `http://127.0.0.1:8080`; request paths are appended to it.
    public let baseURL: URL
    private let session: URLSession

    /// The timeout in effect, in whole seconds.
    public let timeout: TimeInterval

    /// A transport to `baseURL` that gives up on a request after `timeout` seconds.
    ///
    /// The timeout is rounded up to whole seconds, at least 1: Foundation on Linux truncates it
    /// to whole seconds, so 0.5 would time out at once and 1.5 after 1.
    public init(baseURL: URL, timeout: TimeInterval = 10) {
        self.baseURL = baseURL
        self.timeout = max(1, timeout.rounded(.up))
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = self.timeout
        configuration.timeoutIntervalForResource = self.timeout
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        session = URLSession(configuration: configuration)
    }

    deinit {
        session.invalidateAndCancel()
    }

    public func send(_ request: WireRequest) async throws(TransportError) -> WireResponse {
        let base = baseURL.absoluteString.hasSuffix("/") ? String(baseURL.absoluteString.dropLast()) : baseURL.absoluteString
        guard let url = URL(string: base + request.path) else {
            throw .badServerResponse(status: 0, detail: "cannot make a URL of \(base) and \(request.path)")
        }
        var urlRequest = URLRequest(url: url)
        urlRequest.httpMethod = request.method
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        if !request.body.isEmpty { urlRequest.httpBody = Data(request.body) }
        do {
            let (data, response) = try await session.data(for: urlRequest)
            guard let http = response as? HTTPURLResponse else {
                throw TransportError.badServerResponse(status: 0, detail: "the answer is not HTTP")
            }
            return WireResponse(status: http.statusCode, body: Array(data))
        } catch let error as TransportError {
            throw error
        } catch let error as URLError {
            throw category(of: error, url: url)
        } catch is CancellationError {
            throw .cancelled
        } catch {
            throw .badServerResponse(status: 0, detail: "\(error)")
        }
    }

    private func category(of error: URLError, url: URL) -> TransportError {
        let address = url.host.map { host in url.port.map { "\(host):\($0)" } ?? host } ?? baseURL.absoluteString
        switch error.code {
        case .timedOut: return .timedOut
        case .cancelled: return .cancelled
        case .cannotFindHost, .dnsLookupFailed: return .cannotFindHost(url.host ?? address)
        case .cannotConnectToHost: return .cannotConnect(address)
        case .networkConnectionLost: return .connectionLost
        case .notConnectedToInternet: return .notConnected
        default: return .badServerResponse(status: 0, detail: "URL error \(error.code.rawValue)")
        }
    }
}
