import Client
import Protocols

extension BusinessOperation {
    /// (V3) No e-mail address is confirmed.
    static let confirmEmail = BusinessOperation(rawValue: "confirmEmail")
}

extension LoginResult.Step {
    /// (V3) An e-mail address was confirmed.
    static let emailConfirmed = LoginResult.Step(rawValue: "emailConfirmed")
    /// (V3) The server already has a confirmed e-mail address.
    static let emailKept = LoginResult.Step(rawValue: "emailKept")
}

extension LoginBranch where Input == String {
    /// (V3) The e-mail address to confirm.
    static var confirmEmail: LoginBranch<String> { LoginBranch(.confirmEmail) }
}

/// `GET /v3/email`'s answer and `POST /v3/email`'s body.
struct EmailAddress: Codable, Sendable, Equatable {
    let email: String?
}

/// V3's e-mail link, a branch no other generation has: unless the server already has a confirmed
/// address, asks the branch for one and confirms it with the server.
struct ConfirmEmailLink: LoginLink {
    /// Whether the server has an address is asked in ``perform(_:for:branches:account:)``.
    func due(for customer: Customer, record: CustomerRecord) -> BusinessOperation? { .confirmEmail }

    func perform(
        _ operation: BusinessOperation, for customer: Customer, branches: LoginBranches, account: SessionViewModel
    ) async throws(ServiceError) -> (LoginResult.Step, Customer)? {
        if try await account.authorized("GET", "/email", as: EmailAddress.self).email != nil {
            return (.emailKept, customer)
        }
        guard let email = await branches.input(for: .confirmEmail) else { return nil }
        _ = try await account.authorized("POST", "/email", body: EmailAddress(email: email), as: EmailAddress.self)
        return (.emailConfirmed, customer)
    }
}
