import Client
import Protocols
import WireFormat

/// V2's payment methods: the card and PIN that V2's login chain sets up, read from the server.
public final class PaymentServiceV2: PaymentService {
    private let session: SessionViewModel

    /// The service over `api` (V2's client), acting for the session kept in `sessions` while
    /// `clock` says it has not expired, and posting expiry to `loginStatus`.
    public init(
        api: any ServiceClient, loginStatus: LoginStatusCenter, sessions: any SessionStore, clock: any WallClock
    ) {
        session = SessionViewModel(api: api, loginStatus: loginStatus, sessions: sessions, clock: clock)
    }

    /// `GET /v2/payment`.
    public func methods() async throws(ServiceError) -> PaymentMethods {
        try await session.authorized("GET", "/payment", as: PaymentMethods.self)
    }
}
