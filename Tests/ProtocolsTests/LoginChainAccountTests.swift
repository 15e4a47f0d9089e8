import Client
import ImplV1
import Protocols
import Testing
import TestSupport
import WireFormat

extension BusinessOperation {
    /// The probe's operation, which no generation has.
    fileprivate static let probe = BusinessOperation(rawValue: "probe")
}

extension LoginResult.Step {
    /// The probe's step.
    fileprivate static let probed = LoginResult.Step(rawValue: "probed")
}

/// A link that sends one request through the account it is given, after another customer's
/// session was saved in the same store, as a second `graft login` would.
private struct ProbeLink: LoginLink {
    let sessions: InMemorySessionStore

    func due(for customer: Customer, record: CustomerRecord) -> BusinessOperation? { .probe }

    func perform(
        _ operation: BusinessOperation, for customer: Customer, branches: LoginBranches,
        account: SessionViewModel
    ) async throws(ServiceError) -> (LoginResult.Step, Customer)? {
        try sessions.save(Session(mobile: "13800000002", token: "someone-else", expiresAt: Int.max, generation: "v2"))
        return (.probed, try await account.authorized("POST", "/probe", as: Customer.self))
    }
}

@Suite("The login chain's account")
struct LoginChainAccountTests {
    @Test("The links send as the account flow would: its success codes, and the token of the login that ran them")
    func linksActAsTheirLogin() async throws {
        let customer =
            #""customer":{"mobile":"13800000001","hasGesturePassword":true,"hasBankCard":false,"hasPayPassword":false}"#
        let transport = ScriptedTransport([
            .success(
                WireResponse(
                    status: 200,
                    body: Array(
                        #"{"status":"000000","desc":"ok","data":{"token":"mine","expiresAt":4102444800,\#(customer)}}"#
                            .utf8))),
            .success(
                WireResponse(
                    status: 200,
                    body: Array(
                        #"{"status":"000001","desc":"accepted","data":{"mobile":"13800000001","hasGesturePassword":true,"hasBankCard":true,"hasPayPassword":false}}"#
                            .utf8))),
        ])
        let sessions = InMemorySessionStore()
        // A generation whose account flow also counts "000001" (accepted, pending review) as success.
        let base = BaseViewModel(
            api: APIClient(generation: "v1", transport: transport, envelope: .v1),
            loginStatus: LoginStatusCenter(initial: .notLoggedIn), successCodes: [.success, .unknown("000001")])
        let account = AccountViewModel(
            session: SessionViewModel(base: base, sessions: sessions, clock: FixedWallClock(now: 1_700_000_000)),
            links: [ProbeLink(sessions: sessions)], records: InMemoryCustomerRecordStore())
        let result = try await account.login(mobile: "13800000001", password: "correct horse", branches: .declining)
        #expect(result.stop == nil)
        #expect(result.steps == [.loggedIn, .probed])
        #expect(result.customer.hasBankCard)
        #expect(result.generation == "v1")
        #expect(transport.requests.map(\.path) == ["/v1/login", "/v1/probe"])
        #expect(transport.requests.last?.headers["Authorization"] == "Bearer mine")
    }
}
