import Client
import Protocols
import TextRules
import WireFormat

/// The gesture-password link of the login chain, from V1 on: the forget branch when the
/// customer asked to forget, else the create branch when the server has none, else keep the
/// server's.
public struct GestureLink: LoginLink {
    /// The gesture link, as a module contributes it to the login chain; it holds nothing.
    public init() {}

    /// Forget when pending, create when the server has none, else nothing to do.
    public func due(for customer: Customer, record: CustomerRecord) -> BusinessOperation? {
        if record.pendingOperation == .forgetGesturePassword { return .forgetGesturePassword }
        return customer.hasGesturePassword ? nil : .createGesturePassword
    }

    /// With nothing to do, the server's gesture password is kept.
    public var doneAlready: LoginResult.Step? { .gesturePasswordKept }

    /// Whatever this link did, or found done, the device now keeps the server's gesture password.
    public func remember(_ step: LoginResult.Step, in record: inout CustomerRecord) {
        record.keepsGesturePassword = true
    }

    /// Asks the gesture branch for a new gesture and sets (or resets) it on the server.
    public func perform(
        _ operation: BusinessOperation, for customer: Customer, branches: LoginBranches,
        account: SessionViewModel
    ) async throws(ServiceError) -> (LoginResult.Step, Customer)? {
        guard let gesture = await branches.input(for: LoginBranch<String>(operation)) else { return nil }
        if let problem = InputRules.gesture(gesture) { throw .invalidInput(problem) }
        let reset = operation == .forgetGesturePassword
        let customer = try await account.authorized(
            "POST", reset ? "/gesture/reset" : "/gesture",
            body: GestureRequest(gesture: gesture), as: Customer.self)
        return (reset ? .gesturePasswordReset : .gesturePasswordCreated, customer)
    }
}
