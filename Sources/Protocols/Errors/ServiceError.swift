/// Why a business operation did not succeed: what the protocols' `async throws` methods throw.
public enum ServiceError: Error, Equatable, CustomStringConvertible {
    /// The server refused, with a business code and its message.
    case refused(BusinessCode, message: String)
    /// No business answer came back.
    case transport(TransportError)
    /// The operation needs a login, and there is no current session.
    case notLoggedIn
    /// The input is wrong before anything is sent; the message says what and how to fix it.
    case invalidInput(String)
    /// This device's saved state (or the embedded backend's) cannot be read or written.
    case localState(LocalFileError)

    /// What went wrong, for the person.
    public var description: String {
        switch self {
        case .refused(let code, let message): message.isEmpty ? "refused: \(code)" : "\(message) (\(code))"
        case .transport(let error): "\(error)"
        case .notLoggedIn: "not logged in; run 'graft login' first"
        case .invalidInput(let message): message
        case .localState(let error): error.description
        }
    }
}
