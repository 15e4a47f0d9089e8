/// The customer flows both generations share: SMS code, registration, the chained login,
/// logout and the gesture password. A generation's subclass supplies its ``loginChain()``.
///
/// `@unchecked Sendable` for the same reason as ``BaseViewModel``: no mutable state of its own.
open class AccountViewModel: SessionViewModel, @unchecked Sendable {
    public let records: any CustomerRecordStore

    public init(generation: Generation, api: APIClient, loginStatus: LoginStatusCenter, sessions: any SessionStore,
                records: any CustomerRecordStore) {
        self.records = records
        super.init(generation: generation, api: api, loginStatus: loginStatus, sessions: sessions)
    }

    /// The steps that follow a successful login.
    open func loginChain() -> LoginChain {
        LoginChain([LoginChain.gestureLink(of: self)])
    }

    public func requestSMSCode(mobile: String) async throws(ServiceError) {
        try check(InputRules.mobile(mobile))
        _ = try await request("POST", "/sms", body: SMSRequest(mobile: mobile), as: Empty.self).get()
    }

    public func register(mobile: String, password: String, smsCode: String) async throws(ServiceError) -> Customer {
        try check(InputRules.mobile(mobile) ?? InputRules.password(password) ?? InputRules.smsCode(smsCode))
        return try await request("POST", "/register", body: RegisterRequest(mobile: mobile, password: password, smsCode: smsCode),
                                 as: Customer.self).get()
    }

    public func login(mobile: String, password: String, branches: LoginBranches) async throws(ServiceError) -> LoginResult {
        try check(InputRules.mobile(mobile))
        let answer = try await request("POST", "/login", body: LoginRequest(mobile: mobile, password: password),
                                       as: LoginAnswer.self).get()
        try sessions.save(Session(mobile: mobile, token: answer.token, expiresAt: answer.expiresAt, generation: generation.rawValue))
        loginStatus.post(.loggedIn)
        return try await loginChain().run(for: answer.customer, branches: branches, records: records)
    }

    public func logout() async throws(ServiceError) {
        let session = try currentSession()
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

    public func verifyGesture(_ gesture: String) async throws(ServiceError) {
        try check(InputRules.gesture(gesture))
        _ = try await authorized("POST", "/gesture/verify", body: GestureRequest(gesture: gesture), as: Empty.self)
    }

    public func updateGesture(from old: String, to new: String) async throws(ServiceError) {
        try check(InputRules.gesture(new))
        _ = try await authorized("POST", "/gesture/update", body: GestureUpdateRequest(old: old, new: new), as: Customer.self)
    }

    public func forgetGesture() async throws(ServiceError) {
        let mobile = try currentSession().mobile
        try records.update(mobile) { $0.pendingOperation = .forgetGesturePassword }
    }

    private func check(_ problem: String?) throws(ServiceError) {
        if let problem { throw .invalidInput(problem) }
    }
}
