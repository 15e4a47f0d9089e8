/// How a request ended, in the three ways every view model handles.
public enum RequestOutcome<Value: Sendable>: Sendable {
    /// The server answered with one of the generation's success codes.
    case success(Value)
    /// The server refused, with a business code and its message.
    case failure(BusinessCode, message: String)
    /// No business answer came back.
    case error(TransportError)

    /// The value, or the refusal or transport error thrown as a ``ServiceError``.
    public func get() throws(ServiceError) -> Value {
        switch self {
        case .success(let value): value
        case .failure(let code, let message): throw .refused(code, message: message)
        case .error(.localStorage(let error)): throw .localState(error)
        case .error(let error): throw .transport(error)
        }
    }

    /// Calls the one handler that fits this outcome, on the caller's own actor, and returns
    /// the outcome. The handlers belong to this request alone: nothing keeps them.
    ///
    /// - Parameters:
    ///   - onSuccess: Called with the value of a successful request.
    ///   - onFail: Called with the code and message of a refused request.
    ///   - onError: Called with the error of a request that got no business answer.
    @discardableResult
    public func handle(
        onSuccess: (Value) -> Void, onFail: (BusinessCode, String) -> Void, onError: (TransportError) -> Void
    ) -> Self {
        switch self {
        case .success(let value): onSuccess(value)
        case .failure(let code, let message): onFail(code, message)
        case .error(let error): onError(error)
        }
        return self
    }
}
