import Client
import Protocols
import WireFormat

extension BusinessOperation {
    /// (V3) The gesture password must be entered once more.
    static let confirmGesturePassword = BusinessOperation(rawValue: "confirmGesturePassword")
}

extension LoginBranch where Input == String {
    /// (V3) The gesture password, entered once more.
    static var confirmGesturePassword: LoginBranch<String> { LoginBranch(.confirmGesturePassword) }
}

extension LoginResult.Step {
    /// (V3) The gesture password was entered once more, and matched.
    static let gesturePasswordConfirmed = LoginResult.Step(rawValue: "gesturePasswordConfirmed")
}

/// V3's login link: once the customer has a gesture password, asks the gesture branch for it
/// again and checks it with the server.
struct ConfirmGestureLink: LoginLink {
    func due(for customer: Customer, record: CustomerRecord) -> BusinessOperation? {
        customer.hasGesturePassword ? .confirmGesturePassword : nil
    }

    func perform(
        _ operation: BusinessOperation, for customer: Customer, branches: LoginBranches,
        account: SessionViewModel
    ) async throws(ServiceError) -> (LoginResult.Step, Customer)? {
        guard let gesture = await branches.input(for: .confirmGesturePassword) else { return nil }
        _ = try await account.authorized(
            "POST", "/gesture/verify", body: GestureRequest(gesture: gesture), as: Empty.self)
        return (.gesturePasswordConfirmed, customer)
    }
}
