import Client
import Protocols
import TextRules
import WireFormat

extension BusinessOperation {
    /// (V2) No bank card is bound.
    public static let bindCard = BusinessOperation(rawValue: "bindCard")
}

extension LoginResult.Step {
    /// (V2) A bank card was bound.
    public static let cardBound = LoginResult.Step(rawValue: "cardBound")
}

extension LoginBranch where Input == BankCard {
    /// (V2) The card to bind.
    public static var bindCard: LoginBranch<BankCard> { LoginBranch(.bindCard) }
}

/// V2's bind-card link of the login chain: when no bank card is bound, asks the branch for one.
public struct BindCardLink: LoginLink {
    /// The bind-card link, as a module contributes it to the login chain; it holds nothing.
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
        guard let card = await branches.input(for: .bindCard) else { return nil }
        if let problem = InputRules.card(number: card.number, holder: card.holder) { throw .invalidInput(problem) }
        return (.cardBound, try await account.authorized("POST", "/cards", body: card, as: Customer.self))
    }
}
