import Client
import ImplV1
import Protocols
import Testing
import TestSupport

extension LoginResult.Step {
    fileprivate static let noted = LoginResult.Step(rawValue: "noted")
    fileprivate static let skipped = LoginResult.Step(rawValue: "skipped")
}

/// A link with nothing to do that reports `step` and, when `keeps`, records the gesture as kept.
private struct NotingLink: LoginLink {
    let step: LoginResult.Step
    let keeps: Bool

    func due(for customer: Customer, record: CustomerRecord) -> BusinessOperation? { nil }
    var doneAlready: LoginResult.Step? { step }

    func remember(_ step: LoginResult.Step, in record: inout CustomerRecord) {
        if keeps, step == self.step { record.keepsGesturePassword = true }
    }

    func perform(
        _ operation: BusinessOperation, for customer: Customer, branches: LoginBranches, account: SessionViewModel
    ) async throws(ServiceError) -> (LoginResult.Step, Customer)? { nil }
}

@Suite("The login chain keeps what its links say")
struct LoginChainRecordTests {
    private static func run(_ links: [any LoginLink]) async throws -> CustomerRecord {
        let records = InMemoryCustomerRecordStore()
        let account = SessionViewModel(
            api: APIClient(generation: "v1", transport: ScriptedTransport([]), envelope: .v1),
            loginStatus: LoginStatusCenter(initial: .notLoggedIn), sessions: InMemorySessionStore(),
            clock: FixedWallClock(now: 1_700_000_000))
        let result = try await LoginChain(links).run(
            for: Customer(mobile: "13800000001", hasGesturePassword: true), branches: .declining, records: records,
            account: account)
        #expect(result.steps == [.loggedIn] + links.compactMap(\.doneAlready))
        return try records.record(for: "13800000001")
    }

    @Test("A link that keeps nothing leaves the record as it was; the one that keeps it, keeps it")
    func linksRecord() async throws {
        #expect(try await Self.run([NotingLink(step: .skipped, keeps: false)]).keepsGesturePassword == false)
        #expect(
            try await Self.run([NotingLink(step: .skipped, keeps: false), NotingLink(step: .noted, keeps: true)])
                .keepsGesturePassword)
    }
}
