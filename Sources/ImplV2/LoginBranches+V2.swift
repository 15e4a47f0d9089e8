import Protocols
import WireFormat

extension LoginBranches {
    /// Branches answering every branch of V2's chain: both gesture branches (forget and create)
    /// with `gesture`, which is told which one asks, then ``LoginBranch/bindCard`` and
    /// ``LoginBranch/setPayPassword``.
    ///
    /// ```swift
    /// let branches = LoginBranches(gesture: { _ in "1235" }, bindCard: { nil }, payPassword: { nil })
    /// ```
    public init(
        gesture: @escaping @Sendable (BusinessOperation) async -> String?,
        bindCard: @escaping @Sendable () async -> BankCard?,
        payPassword: @escaping @Sendable () async -> String?
    ) {
        self = LoginBranches()
            .answering(.forgetGesturePassword) { await gesture(.forgetGesturePassword) }
            .answering(.createGesturePassword) { await gesture(.createGesturePassword) }
            .answering(.bindCard, bindCard)
            .answering(.setPayPassword, payPassword)
    }
}
