import Protocols

/// A generation's ``Protocols/CustomerLogic`` that is the account flow every generation shares:
/// it holds an ``AccountViewModel``, and each operation is that view model's.
public protocol AccountViewModelBacked: CustomerLogic {
    /// The shared account flow, over this generation's client and login links.
    var account: AccountViewModel { get }

    /// The customer flows of `account`.
    init(account: AccountViewModel)
}

extension AccountViewModelBacked {
    /// The customer flows of an ``AccountViewModel`` over `api`, running `links` after a login.
    ///
    /// - Parameters:
    ///   - api: The client of the generation this flow speaks.
    ///   - links: The login chain's links, in the order they run.
    ///   - loginStatus: Where logins, logouts and expiries are posted.
    ///   - sessions: Where the session is kept.
    ///   - records: Where the pending operation and gesture state are kept.
    ///   - clock: What tells whether the session has expired.
    public init(
        api: any ServiceClient, links: [any LoginLink], loginStatus: LoginStatusCenter, sessions: any SessionStore,
        records: any CustomerRecordStore, clock: any WallClock
    ) {
        self.init(
            account: AccountViewModel(
                session: SessionViewModel(api: api, loginStatus: loginStatus, sessions: sessions, clock: clock),
                links: links, records: records))
    }

    /// The account flow's ``AccountViewModel/requestSMSCode(mobile:)``.
    public func requestSMSCode(mobile: String) async throws(ServiceError) {
        try await account.requestSMSCode(mobile: mobile)
    }

    /// The account flow's ``AccountViewModel/register(mobile:password:smsCode:)``.
    public func register(mobile: String, password: String, smsCode: String) async throws(ServiceError) -> Customer {
        try await account.register(mobile: mobile, password: password, smsCode: smsCode)
    }

    /// The account flow's ``AccountViewModel/login(mobile:password:branches:)``.
    public func login(mobile: String, password: String, branches: LoginBranches) async throws(ServiceError)
        -> LoginResult
    {
        try await account.login(mobile: mobile, password: password, branches: branches)
    }

    /// The account flow's ``AccountViewModel/logout()``.
    public func logout() async throws(ServiceError) {
        try await account.logout()
    }

    /// The account flow's ``AccountViewModel/verifyGesture(_:)``.
    public func verifyGesture(_ gesture: String) async throws(ServiceError) {
        try await account.verifyGesture(gesture)
    }

    /// The account flow's ``AccountViewModel/updateGesture(from:to:)``.
    public func updateGesture(from old: String, to new: String) async throws(ServiceError) {
        try await account.updateGesture(from: old, to: new)
    }

    /// The account flow's ``AccountViewModel/forgetGesture()``.
    public func forgetGesture() async throws(ServiceError) {
        try await account.forgetGesture()
    }
}
