import Synchronization

/// The base class of every view model, V1 and V2 alike: the one place that turns an answer into
/// success, business failure or transport error.
///
/// A subclass calls ``request(_:_:_:body:token:as:)`` and either uses the returned
/// ``RequestOutcome`` or lets the caller's ``onSuccess``, ``onFail`` and ``onError`` handlers
/// run; the handlers are cleared once the request completes, so each set of handlers serves one
/// request. A login-expired code posts ``LoginStatus/expired`` to the login-status center.
///
/// `@unchecked Sendable`: the only mutable state is the handlers, guarded by the `handlers` mutex;
/// subclasses must keep their own state immutable or guarded likewise.
open class BaseViewModel: @unchecked Sendable {
    /// The handlers for the next request; cleared when it completes.
    private struct Handlers: Sendable {
        var onSuccess: (@Sendable (any Sendable) -> Void)?
        var onFail: (@Sendable (BusinessCode, String) -> Void)?
        var onError: (@Sendable (TransportError) -> Void)?
    }

    /// The client of the generation this view model speaks.
    public let api: any ServiceClient
    /// Where login-state changes are posted: a login-expired answer posts ``LoginStatus/expired``.
    public let loginStatus: LoginStatusCenter
    private let handlers = Mutex(Handlers())

    /// A view model that sends its requests through `api` and posts to `loginStatus`.
    public init(api: any ServiceClient, loginStatus: LoginStatusCenter) {
        self.api = api
        self.loginStatus = loginStatus
    }

    /// The codes that mean success in this view model's generation.
    open var successCodes: [BusinessCode] { [.success] }

    /// Called with the value of the next successful request.
    public var onSuccess: (@Sendable (any Sendable) -> Void)? {
        get { handlers.withLock { $0.onSuccess } }
        set { handlers.withLock { $0.onSuccess = newValue } }
    }

    /// Called with the code and message of the next refused request.
    public var onFail: (@Sendable (BusinessCode, String) -> Void)? {
        get { handlers.withLock { $0.onFail } }
        set { handlers.withLock { $0.onFail = newValue } }
    }

    /// Called with the error of the next request that got no business answer.
    public var onError: (@Sendable (TransportError) -> Void)? {
        get { handlers.withLock { $0.onError } }
        set { handlers.withLock { $0.onError = newValue } }
    }

    /// Sends a request through this view model's client and sorts its answer.
    ///
    /// - Parameters:
    ///   - method: The HTTP method: `GET`, `POST`.
    ///   - path: The route without the generation's prefix: `/cart`.
    ///   - body: Encoded as JSON; `nil` sends no body.
    ///   - token: The session token, if the route needs one.
    ///   - type: The type of the answer's payload.
    /// - Returns: Success with the payload, the server's refusal, or the transport error.
    @discardableResult
    public func request<Value: Decodable & Sendable>(
        _ method: String, _ path: String, body: (any Encodable & Sendable)? = nil, token: String? = nil,
        as type: Value.Type
    ) async -> RequestOutcome<Value> {
        let outcome: RequestOutcome<Value>
        do {
            let answer = try await api.send(method, path, body: body, token: token, as: type)
            if successCodes.contains(answer.code) {
                if let payload = answer.payload {
                    outcome = .success(payload)
                } else {
                    outcome = .error(.undecodableBody(field: "data", reason: "missing for a successful answer"))
                }
            } else {
                outcome = .failure(answer.code, message: answer.message)
            }
        } catch {
            outcome = .error(error)
        }
        if case .failure(.loginExpired, _) = outcome { loginStatus.post(.expired) }
        let current = handlers.withLock { handlers in
            defer { handlers = Handlers() }
            return handlers
        }
        switch outcome {
        case .success(let value): current.onSuccess?(value)
        case .failure(let code, let message): current.onFail?(code, message)
        case .error(let error): current.onError?(error)
        }
        return outcome
    }
}
