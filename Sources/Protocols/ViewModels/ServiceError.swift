/// Why a business operation did not succeed: what the protocols' `async throws` methods throw.
public enum ServiceError: Error, Equatable, CustomStringConvertible {
    /// The server refused, with a business code and its message.
    case refused(BusinessCode, message: String)
    /// No business answer came back.
    case transport(TransportError)

    public var description: String {
        switch self {
        case .refused(let code, let message): message.isEmpty ? "refused: \(code)" : "\(message) (\(code))"
        case .transport(let error): "\(error)"
        }
    }
}
