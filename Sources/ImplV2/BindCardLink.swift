import Client
import Protocols
import TextRules

/// V2's bind-card link of the login chain: when no bank card is bound, asks the branch for one.
public struct BindCardLink: LoginLink {
    /// The link.
    public init() {}

    /// Bind a card when the customer has none.
    public func due(for customer: Customer, record: CustomerRecord) -> BusinessOperation? {
        customer.hasBankCard ? nil : .bindCard
    }

    /// Asks the bind-card branch for a card, checks it and binds it on the server.
    public func perform(
        _ operation: BusinessOperation, for customer: Customer, branches: LoginBranches,
        account: SessionViewModel
    ) async throws(ServiceError) -> (LoginResult.Step, Customer)? {
        guard let card = await branches.bindCard() else { return nil }
        if let problem = InputRules.card(card) { throw .invalidInput(problem) }
        return (.cardBound, try await account.authorized("POST", "/cards", body: card, as: Customer.self))
    }
}
