import Protocols

/// An account flow as the login chain's links see it: the same generation's client and success
/// codes, acting for the session its login saved, whatever `session.json` holds meanwhile (another
/// process may log in as another customer while the chain runs).
///
/// `@unchecked Sendable`: no mutable state of its own; the only mutable state, the base
/// class's handlers, is guarded by ``BaseViewModel``'s `handlers` mutex.
final class PinnedSessionViewModel: SessionViewModel, @unchecked Sendable {
    private let account: SessionViewModel
    private let session: Session

    /// `account`'s client, status center and session store, acting for `session`.
    init(_ account: SessionViewModel, session: Session) {
        self.account = account
        self.session = session
        super.init(api: account.api, loginStatus: account.loginStatus, sessions: account.sessions, clock: account.clock)
    }

    /// The login's session, whatever the store holds now.
    override func currentSession() throws(ServiceError) -> Session { session }

    /// The account's codes: a generation that counts more codes as success counts them in the chain too.
    override var successCodes: [BusinessCode] { account.successCodes }
}
