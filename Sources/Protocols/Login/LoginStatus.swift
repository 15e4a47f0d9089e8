/// Where the person stands with the server.
public enum LoginStatus: String, Sendable, Equatable, CaseIterable {
    /// Nobody has logged in on this device.
    case notLoggedIn
    /// A login succeeded and its session is current.
    case loggedIn
    /// The person logged out.
    case loggedOut
    /// The server said the session expired; the person must log in again.
    case expired
}
