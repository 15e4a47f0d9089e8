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
}
