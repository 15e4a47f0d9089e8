import Foundation
import Protocols
import Synchronization
import TextRules
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One request of ``HTTPTransport``: a `URLSession` of its own whose delegate collects the body
/// up to the size limit, refuses redirects, and ends the request at its deadline.
///
/// `@unchecked Sendable` (and an `NSObject`, as session delegates are): every mutable field is
/// in `state`, guarded by its mutex.
final class HTTPExchange: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private struct State {
        var response: HTTPURLResponse?
        var body = Data()
        /// Where a refused redirect pointed, with its status.
        var redirect: (status: Int, target: String)?
        var continuation: CheckedContinuation<WireResponse, any Error>?
        /// Set once the caller has its answer; later callbacks only discard what they get.
        var finished = false
    }

    private let url: URL
    private let maximumResponseSize: Int
    private let state = Mutex(State())
    /// Where the deadline fires and cancellations go: a queue of its own, because Dispatch's
    /// global queues have about as many threads as cores on Linux, and a cancellation can wait
    /// there for a flooded URLSession, which would hold back every other request's deadline.
    private let queue = DispatchQueue(label: "graft.http-exchange")

    init(url: URL, maximumResponseSize: Int) {
        self.url = url
        self.maximumResponseSize = maximumResponseSize
    }

    func run(_ request: URLRequest, deadline: Duration) async throws(TransportError) -> WireResponse {
        let configuration = URLSessionConfiguration.ephemeral
        // The deadline below ends the request; these only keep URLSession from ending it first.
        let seconds = Double(deadline.components.seconds) + Double(deadline.components.attoseconds) / 1e18
        configuration.timeoutIntervalForRequest = seconds + 5
        configuration.timeoutIntervalForResource = seconds + 5
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpShouldSetCookies = false
        let session = URLSession(configuration: configuration, delegate: self, delegateQueue: nil)
        // Off this task's thread: a session flooded by its server may take a while to let go.
        defer { queue.async { session.invalidateAndCancel() } }
        let task = session.dataTask(with: request)
        do {
            return try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    state.withLock { $0.continuation = continuation }
                    queue.asyncAfter(deadline: .now() + seconds) { [self] in end(task, with: .timedOut) }
                    task.resume()
                }
            } onCancel: {
                end(task, with: .cancelled)
            }
        } catch let error as TransportError {
            throw error
        } catch {
            throw .badServerResponse(status: 0, detail: DisplayText.cleaned("\(error)"))
        }
    }

    /// Answers the caller now with `verdict`, unless it has its answer already, and cancels the
    /// task. The answer does not wait for the cancellation: URLSession reads a server that
    /// floods it in one go before it looks at a cancellation, so the cancellation is sent from
    /// another thread while the callbacks go on discarding what arrives.
    private func end(_ task: URLSessionTask, with verdict: TransportError) {
        let continuation = state.withLock { state -> CheckedContinuation<WireResponse, any Error>? in
            guard !state.finished else { return nil }
            state.finished = true
            state.body = Data()
            defer { state.continuation = nil }
            return state.continuation
        }
        guard let continuation else { return }
        continuation.resume(throwing: verdict)
        queue.async { task.cancel() }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let http = response as? HTTPURLResponse
        state.withLock { $0.response = http }
        if response.expectedContentLength > Int64(maximumResponseSize) {
            end(dataTask, with: tooLarge(status: http?.statusCode ?? 0))
            completionHandler(.cancel)
            return
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let over = state.withLock { state in
            guard !state.finished else { return false }
            guard state.body.count + data.count <= maximumResponseSize else { return true }
            state.body.append(data)
            return false
        }
        if over { end(dataTask, with: tooLarge(status: (dataTask.response as? HTTPURLResponse)?.statusCode ?? 0)) }
    }

    /// Never follows: the redirect's own answer becomes the response, and says where it pointed.
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        let target = request.url.map { DisplayText.cleaned($0.absoluteString, limit: 200) } ?? "another address"
        state.withLock { $0.redirect = (response.statusCode, target) }
        completionHandler(nil)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let (continuation, result) = state.withLock {
            state -> (CheckedContinuation<WireResponse, any Error>?, Result<WireResponse, TransportError>) in
            guard !state.finished else { return (nil, .failure(.cancelled)) }
            state.finished = true
            defer { state.continuation = nil }
            return (state.continuation, outcome(state, error: error))
        }
        continuation?.resume(with: result.mapError { $0 as any Error })
    }

    /// What the request came to, once the session is done with it.
    private func outcome(_ state: State, error: (any Error)?) -> Result<WireResponse, TransportError> {
        if let redirect = state.redirect {
            return .failure(
                .badServerResponse(
                    status: redirect.status,
                    detail:
                        "a redirect to \(redirect.target), which graft does not follow (it would carry the session token)"
                ))
        }
        guard let error else {
            guard let response = state.response else {
                return .failure(.badServerResponse(status: 0, detail: "the answer is not HTTP"))
            }
            return .success(WireResponse(status: response.statusCode, body: Array(state.body)))
        }
        let code = (error as? URLError)?.code
        if let response = state.response {
            // Headers came, then the connection failed: the server answered, but not all of it.
            let expected = response.expectedContentLength >= 0 ? " of \(response.expectedContentLength)" : ""
            return .failure(
                .badServerResponse(
                    status: response.statusCode,
                    detail: "the body ended after \(state.body.count)\(expected) bytes"))
        }
        return .failure(category(of: code, error))
    }

    private func category(of code: URLError.Code?, _ error: any Error) -> TransportError {
        let address = url.host.map { host in url.port.map { "\(host):\($0)" } ?? host } ?? url.absoluteString
        switch code {
        case .timedOut: return .timedOut
        case .cancelled: return .cancelled
        case .cannotFindHost, .dnsLookupFailed: return .cannotFindHost(url.host ?? address)
        case .cannotConnectToHost: return .cannotConnect(address)
        // With no response yet, -1011 is curl's "empty reply": the server hung up without answering.
        case .networkConnectionLost, .badServerResponse: return .connectionLost
        case .notConnectedToInternet: return .notConnected
        // Our URLs are http or https, so -1002 is curl refusing a reply that is not HTTP.
        case .cannotParseResponse, .unsupportedURL:
            return .badServerResponse(status: 0, detail: "the answer is not HTTP")
        case .some(let code):
            return .badServerResponse(status: 0, detail: "the exchange failed (URL error \(code.rawValue))")
        case nil: return .badServerResponse(status: 0, detail: DisplayText.cleaned("\(error)"))
        }
    }

    private func tooLarge(status: Int) -> TransportError {
        .badServerResponse(
            status: status, detail: "the body is larger than \(maximumResponseSize) bytes, the most graft reads")
    }
}
