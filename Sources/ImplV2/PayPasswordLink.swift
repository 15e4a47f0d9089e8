import Client
import Protocols
import TextRules
import WireFormat

extension BusinessOperation {
    /// (V2) No payment PIN is set.
    public static let setPayPassword = BusinessOperation(rawValue: "setPayPassword")
}

extension LoginResult.Step {
    /// (V2) The payment PIN was set.
    public static let payPasswordSet = LoginResult.Step(rawValue: "payPasswordSet")
}

extension LoginBranch where Input == String {
    /// (V2) The payment PIN to set.
    public static var setPayPassword: LoginBranch<String> { LoginBranch(.setPayPassword) }
}

/// V2's payment-PIN link of the login chain: when no pay password is set, asks the branch for one.
public struct PayPasswordLink: LoginLink {
    /// The payment-PIN link, as a module contributes it to the login chain; it holds nothing.
    public init() {}

    /// Set a payment PIN when the customer has none.
    public func due(for customer: Customer, record: CustomerRecord) -> BusinessOperation? {
        customer.hasPayPassword ? nil : .setPayPassword
    }

    /// Asks the pay-password branch for a PIN, checks it and sets it on the server.
    public func perform(
        _ operation: BusinessOperation, for customer: Customer, branches: LoginBranches,
        account: SessionViewModel
    ) async throws(ServiceError) -> (LoginResult.Step, Customer)? {
        guard let pin = await branches.input(for: .setPayPassword) else { return nil }
        if let problem = InputRules.payPassword(pin) { throw .invalidInput(problem) }
        return (
            .payPasswordSet,
            try await account.authorized("POST", "/pay-password", body: PayPasswordRequest(pin: pin), as: Customer.self)
        )
    }
}
