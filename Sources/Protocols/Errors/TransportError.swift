/// Why a request got no business answer: the categories every view model handles alike.
public enum TransportError: Error, Equatable, CustomStringConvertible {
    /// The server did not answer within the timeout.
    case timedOut
    /// The request was cancelled before it finished.
    case cancelled
    /// The server's host name does not resolve.
    case cannotFindHost(String)
    /// Nothing accepts connections at the server's address.
    case cannotConnect(String)
    /// The connection dropped while the request was under way.
    case connectionLost
    /// This device has no network.
    case notConnected
    /// The server answered, but not with a business answer: an HTTP error status, a redirect,
    /// a body cut short or too large, or not HTTP at all (status 0).
    case badServerResponse(status: Int, detail: String)
    /// The body is not what the protocol says; `field` names where, as a path like
    /// `data.items[2].price`, or `body` for the whole of it.
    case undecodableBody(field: String, reason: String)
    /// The server runs in this process and its own file failed: the request was not carried out.
    case localStorage(LocalFileError)

    /// What went wrong, for the person.
    public var description: String {
        switch self {
        case .timedOut: "the server did not answer in time"
        case .cancelled: "the request was cancelled"
        case .cannotFindHost(let host): "cannot find the server \(host)"
        case .cannotConnect(let address): "cannot connect to the server at \(address)"
        case .connectionLost: "the connection to the server was lost"
        case .notConnected: "this device is not connected to a network"
        case .badServerResponse(let status, let detail): "bad response from the server (HTTP \(status)): \(detail)"
        case .undecodableBody(let field, let reason): "cannot read the server's answer: \(field): \(reason)"
        case .localStorage(let error): error.description
        }
    }
}
