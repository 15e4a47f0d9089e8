import Protocols

/// The current customer flows: login, the gesture-password branch, then the bind-card and
/// payment-PIN branches.
public final class CustomerLogicV2: AccountViewModel, CustomerLogic, @unchecked Sendable {
    public init(api: APIClient, loginStatus: LoginStatusCenter, sessions: any SessionStore, records: any CustomerRecordStore) {
        super.init(generation: .v2, api: api, loginStatus: loginStatus, sessions: sessions, records: records)
    }

    public override func loginChain() -> LoginChain {
        LoginChain([LoginChain.gestureLink(of: self), bindCardLink, payPasswordLink])
    }

    private var bindCardLink: LoginChain.Link {
        LoginChain.Link(due: { customer, _ in customer.hasBankCard ? nil : .bindCard }) { [self] _, branches throws(ServiceError) in
            guard let card = await branches.bindCard() else { return nil }
            if let problem = InputRules.card(card) { throw .invalidInput(problem) }
            return (.cardBound, try await authorized("POST", "/cards", body: card, as: Customer.self))
        }
    }

    private var payPasswordLink: LoginChain.Link {
        LoginChain.Link(due: { customer, _ in customer.hasPayPassword ? nil : .setPayPassword }) { [self] _, branches throws(ServiceError) in
            guard let pin = await branches.payPassword() else { return nil }
            if let problem = InputRules.payPassword(pin) { throw .invalidInput(problem) }
            return (.payPasswordSet, try await authorized("POST", "/pay-password", body: PayPasswordRequest(pin: pin), as: Customer.self))
        }
    }
}
