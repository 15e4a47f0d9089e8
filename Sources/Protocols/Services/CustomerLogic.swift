/// The customer's account: registration, the chained login, logout and the gesture password.
public protocol CustomerLogic: Sendable {
    /// Asks the server to send a registration code to `mobile`.
    func requestSMSCode(mobile: String) async throws(ServiceError)
    /// Creates an account.
    func register(mobile: String, password: String, smsCode: String) async throws(ServiceError) -> Customer
    /// Logs in and runs the login chain: the gesture-password branch, then the branches the
    /// generation adds, each asking `branches` for its input. A refused login throws; a branch
    /// that is declined or fails ends the chain, is reported in the result, and stays pending for
    /// the next login of that mobile.
    func login(mobile: String, password: String, branches: LoginBranches) async throws(ServiceError) -> LoginResult
    /// Ends the session, here and on the server.
    func logout() async throws(ServiceError)
    /// Checks a gesture password for the logged-in customer. Five wrong ones lock gesture
    /// unlock until the next password login.
    func verifyGesture(_ gesture: String) async throws(ServiceError)
    /// Replaces the gesture password.
    func updateGesture(from old: String, to new: String) async throws(ServiceError)
    /// Forgets the gesture password: the next login sets a new one.
    func forgetGesture() async throws(ServiceError)
}
