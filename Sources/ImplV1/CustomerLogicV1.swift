import Client
import Protocols

/// The legacy customer flows: the shared account flow over the V1 client, and V1's own login
/// chain, which is the gesture-password link alone. It runs no link a later generation adds, even
/// in an app that selects a later generation for the other services: V1 knows no card or PIN.
public final class CustomerLogicV1: AccountViewModelBacked {
    /// The account flow, over V1's client and V1's login chain.
    public let account: AccountViewModel

    /// The customer flows of `account`.
    public init(account: AccountViewModel) {
        self.account = account
    }

    /// V1's flows over `api` (V1's client): login, then the gesture-password link.
    ///
    /// - Parameters:
    ///   - api: V1's client.
    ///   - loginStatus: Where logins, logouts and expiries are posted.
    ///   - sessions: Where the session is kept.
    ///   - records: Where the pending operation and gesture state are kept.
    ///   - clock: What tells whether the session has expired.
    public convenience init(
        api: any ServiceClient, loginStatus: LoginStatusCenter, sessions: any SessionStore,
        records: any CustomerRecordStore, clock: any WallClock
    ) {
        self.init(
            api: api, links: [GestureLink()], loginStatus: loginStatus, sessions: sessions, records: records,
            clock: clock)
    }
}
