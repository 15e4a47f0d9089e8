import Protocols

extension LoginBranches {
    /// Branches that answer both gesture branches (forget and create) with `gesture`, and decline
    /// every other branch unless answered after: `.answering(gesture: "1235").answering(.bindCard, with: card)`.
    public static func answering(gesture: String?) -> LoginBranches {
        LoginBranches().answering(.forgetGesturePassword, with: gesture).answering(
            .createGesturePassword, with: gesture)
    }
}
