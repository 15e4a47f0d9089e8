import Protocols
import TextRules
import WireFormat

/// The customer flows every generation shares: SMS code, registration, the chained login,
/// logout and the gesture password. What differs is given: the generation's client, in the
/// ``SessionViewModel`` it holds, and the login chain's links, which the generations contribute
/// as a versioned multibinding.
public struct AccountViewModel: Sendable {
    /// Sends the requests, for the current session where one is needed.
    public let session: SessionViewModel
    /// What this device remembers per mobile: the pending operation, the gesture state.
    public let records: any CustomerRecordStore
    /// The steps that follow a successful login.
    public let loginChain: LoginChain

    /// An account flow sending through `session`, running `links` after a login.
    ///
    /// - Parameters:
    ///   - session: Sends the requests; its client is the generation this flow speaks.
    ///   - links: The login chain's links, in the order they run.
    ///   - records: Where the pending operation and gesture state are kept.
    public init(session: SessionViewModel, links: [any LoginLink], records: any CustomerRecordStore) {
        self.session = session
        self.records = records
        loginChain = LoginChain(links)
    }

    /// Asks the server to send a registration code to `mobile`.
    public func requestSMSCode(mobile: String) async throws(ServiceError) {
        try check(InputRules.mobile(mobile))
        _ = try await session.base.request("POST", "/sms", body: SMSRequest(mobile: mobile), as: Empty.self).get()
    }

    /// Creates an account.
    public func register(mobile: String, password: String, smsCode: String) async throws(ServiceError) -> Customer {
        try check(InputRules.mobile(mobile) ?? InputRules.password(password) ?? InputRules.smsCode(smsCode))
        return try await session.base.request(
            "POST", "/register", body: RegisterRequest(mobile: mobile, password: password, smsCode: smsCode),
            as: Customer.self
        ).get()
    }

    /// Logs in, saves the session, posts ``LoginStatus/loggedIn`` and runs the login chain.
    ///
    /// The chain's links act for this login's session, not for whatever `session.json` holds
    /// when each runs: another process may save another customer's session meanwhile.
    ///
    /// The session store and this mobile's record are read before anything is sent: when either
    /// cannot be used (a damaged file, say), the login stops there, and the server has counted no
    /// login, issued no session and run no step of the chain.
    public func login(mobile: String, password: String, branches: LoginBranches) async throws(ServiceError)
        -> LoginResult
    {
        try check(InputRules.mobile(mobile))
        _ = try session.sessions.load()
        _ = try records.record(for: mobile)
        let answer = try await session.base.request(
            "POST", "/login", body: LoginRequest(mobile: mobile, password: password),
            as: LoginAnswer.self
        ).get()
        let saved = Session(
            mobile: mobile, token: answer.token, expiresAt: answer.expiresAt, generation: session.api.generation)
        try session.sessions.save(saved)
        session.base.loginStatus.post(.loggedIn)
        return try await loginChain.run(
            for: answer.customer, branches: branches, records: records, account: session.pinned(to: saved))
    }

    /// Ends the session, here and on the server; an expired session is logged out all the same,
    /// here only: its token is not sent.
    public func logout() async throws(ServiceError) {
        let current = try session.currentSession()
        if session.hasExpired(current) {
            try session.sessions.clear(ifToken: current.token)
            session.base.loginStatus.post(.loggedOut)
            return
        }
        // Marked first: if this process dies once the server has ended the session, the next
        // 'status' says the session may have ended instead of calling it live.
        try session.sessions.markLoggingOut(token: current.token)
        let outcome = await session.base.request("POST", "/logout", token: current.token, as: Empty.self)
        try session.sessions.clear(ifToken: current.token)
        session.base.loginStatus.post(.loggedOut)
        // An expired session is logged out all the same.
        if case .failure(.loginExpired, _) = outcome { return }
        _ = try outcome.get()
    }

    /// Checks a gesture password for the logged-in customer.
    public func verifyGesture(_ gesture: String) async throws(ServiceError) {
        try check(InputRules.gesture(gesture))
        _ = try await session.authorized(
            "POST", "/gesture/verify", body: GestureRequest(gesture: gesture), as: Empty.self)
    }

    /// Replaces the gesture password.
    public func updateGesture(from old: String, to new: String) async throws(ServiceError) {
        try check(InputRules.gesture(new))
        _ = try await session.authorized(
            "POST", "/gesture/update", body: GestureUpdateRequest(old: old, new: new), as: Customer.self)
    }

    /// Forgets the gesture password: the next login runs the forget branch.
    public func forgetGesture() async throws(ServiceError) {
        let mobile = try session.currentSession().mobile
        try records.update(mobile) { $0.pendingOperation = .forgetGesturePassword }
    }

    private func check(_ problem: String?) throws(ServiceError) {
        if let problem { throw .invalidInput(problem) }
    }
}
