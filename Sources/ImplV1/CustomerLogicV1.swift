import Protocols

/// The legacy customer flows: login, then the gesture-password branch only.
public final class CustomerLogicV1: AccountViewModel, CustomerLogic, @unchecked Sendable {
    public init(api: APIClient, loginStatus: LoginStatusCenter, sessions: any SessionStore, records: any CustomerRecordStore) {
        super.init(generation: .v1, api: api, loginStatus: loginStatus, sessions: sessions, records: records)
    }
}
