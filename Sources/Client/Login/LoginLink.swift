import Protocols

/// One step of the login chain after a successful login: it decides from the customer and this
/// device's record whether it has work to do, and does it with the caller's branches.
///
/// Generations contribute their links to the list the account flow runs, as a versioned
/// multibinding ordered by position, so a newer generation adds links or replaces one by id:
///
/// ```swift
/// binder.contribute(LoginLink.self, id: "gesture", position: 0) { GestureLink() }.version("v1")
/// binder.contribute(LoginLink.self, id: "bindCard", position: 10) { BindCardLink() }.version("v2")
/// ```
public protocol LoginLink: Sendable {
    /// The operation this link must perform now, or `nil` when there is nothing to do.
    func due(for customer: Customer, record: CustomerRecord) -> BusinessOperation?

    /// The step reported when there is nothing to do, if any.
    var doneAlready: LoginResult.Step? { get }

    /// Writes into this device's `record` what `step`, done by this link or reported by it as
    /// ``doneAlready``, means for the next login; the chain calls it once the chain has run.
    func remember(_ step: LoginResult.Step, in record: inout CustomerRecord)

    /// Performs `operation` for `customer` with the caller's `branches`, sending through
    /// `account` (which speaks the logged-in generation and acts for the new session, whatever
    /// `session.json` holds meanwhile).
    ///
    /// - Returns: The step done and the customer as the server now has it; `nil` when the
    ///   branch declined.
    /// - Throws: ``ServiceError`` when the input is invalid or the request failed.
    func perform(
        _ operation: BusinessOperation, for customer: Customer, branches: LoginBranches,
        account: SessionViewModel
    ) async throws(ServiceError) -> (LoginResult.Step, Customer)?
}

extension LoginLink {
    /// Most links report nothing when they have nothing to do.
    public var doneAlready: LoginResult.Step? { nil }

    /// Most links keep nothing on the device.
    public func remember(_ step: LoginResult.Step, in record: inout CustomerRecord) {}
}
