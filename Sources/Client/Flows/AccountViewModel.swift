import Protocols
import WireFormat

/// The customer flows every generation shares: SMS code, registration, the chained login,
/// logout and the gesture password. What differs is given: the generation's client, and the
/// login chain's links, which the generations contribute as a versioned multibinding.
///
/// `@unchecked Sendable`: no mutable state of its own; the only mutable state, the base
/// class's handlers, is guarded by ``BaseViewModel``'s `handlers` mutex.
open class AccountViewModel: SessionViewModel, @unchecked Sendable {
    /// What this device remembers per mobile: the pending operation, the gesture state.
    public let records: any CustomerRecordStore
    /// The steps that follow a successful login.
    public let loginChain: LoginChain

    /// An account flow sending through `api`, running `links` after a login.
    ///
    /// - Parameters:
    ///   - api: The client of the generation this flow speaks.
    ///   - links: The login chain's links, in the order they run.
    ///   - loginStatus: Where logins and logouts are posted.
    ///   - sessions: Where the session is kept.
    ///   - records: Where the pending operation and gesture state are kept.
    ///   - clock: What tells whether the session has expired.
    public init(
        api: any ServiceClient, links: [any LoginLink], loginStatus: LoginStatusCenter, sessions: any SessionStore,
        records: any CustomerRecordStore, clock: any WallClock
    ) {
        self.records = records
        loginChain = LoginChain(links)
        super.init(api: api, loginStatus: loginStatus, sessions: sessions, clock: clock)
    }

    /// Asks the server to send a registration code to `mobile`.
    public func requestSMSCode(mobile: String) async throws(ServiceError) {
        try check(InputRules.mobile(mobile))
        _ = try await request("POST", "/sms", body: SMSRequest(mobile: mobile), as: Empty.self).get()
    }

    /// Creates an account.
    public func register(mobile: String, password: String, smsCode: String) async throws(ServiceError) -> Customer {
        try check(InputRules.mobile(mobile) ?? InputRules.password(password) ?? InputRules.smsCode(smsCode))
        return try await request(
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
        _ = try sessions.load()
        _ = try records.record(for: mobile)
        let answer = try await request(
            "POST", "/login", body: LoginRequest(mobile: mobile, password: password),
            as: LoginAnswer.self
        ).get()
        let session = Session(
            mobile: mobile, token: answer.token, expiresAt: answer.expiresAt, generation: api.generation)
        try sessions.save(session)
        loginStatus.post(.loggedIn)
        return try await loginChain.run(
            for: answer.customer, branches: branches, records: records,
            account: PinnedSessionViewModel(self, session: session))
    }

    /// Ends the session, here and on the server; an expired session is logged out all the same,
    /// here only: its token is not sent.
    public func logout() async throws(ServiceError) {
        let session = try currentSession()
        if hasExpired(session) {
            try sessions.clear(ifToken: session.token)
            loginStatus.post(.loggedOut)
            return
        }
        // Marked first: if this process dies once the server has ended the session, the next
        // 'status' says the session may have ended instead of calling it live.
        try sessions.markLoggingOut(token: session.token)
        let outcome = await request("POST", "/logout", token: session.token, as: Empty.self)
        try sessions.clear(ifToken: session.token)
        loginStatus.post(.loggedOut)
        // An expired session is logged out all the same.
        if case .failure(.loginExpired, _) = outcome { return }
        _ = try outcome.get()
    }

    /// Checks a gesture password for the logged-in customer.
    public func verifyGesture(_ gesture: String) async throws(ServiceError) {
        try check(InputRules.gesture(gesture))
        _ = try await authorized("POST", "/gesture/verify", body: GestureRequest(gesture: gesture), as: Empty.self)
    }

    /// Replaces the gesture password.
    public func updateGesture(from old: String, to new: String) async throws(ServiceError) {
        try check(InputRules.gesture(new))
        _ = try await authorized(
            "POST", "/gesture/update", body: GestureUpdateRequest(old: old, new: new), as: Customer.self)
    }

    /// Forgets the gesture password: the next login runs the forget branch.
    public func forgetGesture() async throws(ServiceError) {
        let mobile = try currentSession().mobile
        try records.update(mobile) { $0.pendingOperation = .forgetGesturePassword }
    }

    private func check(_ problem: String?) throws(ServiceError) {
        if let problem { throw .invalidInput(problem) }
    }
}
