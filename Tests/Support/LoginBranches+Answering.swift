import Protocols

extension LoginBranches {
    /// Branches that answer with these inputs, declining where `nil`.
    public static func answering(gesture: String? = nil, card: BankCard? = nil, pin: String? = nil) -> LoginBranches {
        LoginBranches(gesture: { _ in gesture }, bindCard: { card }, payPassword: { pin })
    }
}
