/// The one place, V1 and V2 alike, that turns an answer into success, business failure or
/// transport error, and that posts ``LoginStatus/expired`` on a login-expired code.
///
/// View models hold one rather than inherit from it. It keeps no caller's state: a request's
/// handlers belong to that request (``RequestOutcome/handle(onSuccess:onFail:onError:)``), so
/// one instance shared through `.session` serves any number of callers at once, and none of
/// them ever gets another's outcome.
///
/// ```swift
/// let page = try await viewModel.request("GET", "/products?page=1", as: ProductPage.self).get()
/// // or, with handlers for this one request, run on the caller's actor:
/// await viewModel.request("GET", "/products?page=1", as: ProductPage.self).handle(
///     onSuccess: { page in show(page) },
///     onFail: { code, message in alert(message) },
///     onError: { error in offline(error) })
/// ```
public final class BaseViewModel: Sendable {
    /// The client of the generation this view model speaks.
    public let api: any ServiceClient
    /// Where login-state changes are posted: a login-expired answer posts ``LoginStatus/expired``.
    public let loginStatus: LoginStatusCenter
    /// The codes that mean success in this view model's generation.
    public let successCodes: [BusinessCode]

    /// A view model that sends its requests through `api`, posts to `loginStatus` and counts
    /// `successCodes` as success.
    public init(api: any ServiceClient, loginStatus: LoginStatusCenter, successCodes: [BusinessCode] = [.success]) {
        self.api = api
        self.loginStatus = loginStatus
        self.successCodes = successCodes
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
        return outcome
    }
}
