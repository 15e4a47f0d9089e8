/// What the caller supplies for the login chain's branches. Each returns the input the branch
/// needs, or `nil` to decline it; a declined branch ends the chain and waits for the next login.
///
/// ```swift
/// let branches = LoginBranches(gesture: { _ in "L-shape" }, bindCard: { nil }, payPassword: { nil })
/// ```
public struct LoginBranches: Sendable {
    /// The new gesture password, for ``BusinessOperation/forgetGesturePassword`` or
    /// ``BusinessOperation/createGesturePassword``.
    public var gesture: @Sendable (BusinessOperation) async -> String?
    /// (V2) The card to bind.
    public var bindCard: @Sendable () async -> BankCard?
    /// (V2) The payment PIN to set.
    public var payPassword: @Sendable () async -> String?

    /// Branches that answer with these closures.
    public init(
        gesture: @escaping @Sendable (BusinessOperation) async -> String?,
        bindCard: @escaping @Sendable () async -> BankCard?,
        payPassword: @escaping @Sendable () async -> String?
    ) {
        self.gesture = gesture
        self.bindCard = bindCard
        self.payPassword = payPassword
    }

    /// Branches that decline everything.
    public static let declining = LoginBranches(gesture: { _ in nil }, bindCard: { nil }, payPassword: { nil })
}
