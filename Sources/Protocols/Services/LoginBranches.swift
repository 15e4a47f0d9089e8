/// What the caller supplies for the login chain's branches: an answer per ``LoginBranch``, each
/// giving the input that branch needs, or `nil` to decline it. A branch with no answer is
/// declined; a declined branch ends the chain and waits for the next login.
///
/// The registry is open: it knows no generation's branches, only the keys their links declare.
///
/// ```swift
/// let branches = LoginBranches()
///     .answering(.createGesturePassword) { await prompt("Create a gesture password") }
///     .answering(.forgetGesturePassword, with: "1235")
/// let gesture: String? = await branches.input(for: .createGesturePassword)
/// ```
public struct LoginBranches: Sendable {
    /// One branch's answer, typed by its input.
    private struct Answer<Input: Sendable>: Sendable {
        let give: @Sendable () async -> Input?
    }

    /// The answers, by operation.
    private var answers: [BusinessOperation: any Sendable] = [:]

    /// Branches that answer nothing yet: each one is declined.
    public init() {}

    /// Branches that decline everything.
    public static let declining = LoginBranches()

    /// These branches, with `branch` answered by `answer` (replacing an earlier answer of it).
    public func answering<Input>(_ branch: LoginBranch<Input>, _ answer: @escaping @Sendable () async -> Input?)
        -> LoginBranches
    {
        var branches = self
        branches.answers[branch.operation] = Answer(give: answer)
        return branches
    }

    /// These branches, with `branch` answered by `input` (`nil` declines it).
    public func answering<Input>(_ branch: LoginBranch<Input>, with input: Input?) -> LoginBranches {
        answering(branch) { input }
    }

    /// The caller's input for `branch`; `nil` when the caller declines it, gave no answer, or
    /// answered its operation with another type of input.
    public func input<Input>(for branch: LoginBranch<Input>) async -> Input? {
        guard let answer = answers[branch.operation] as? Answer<Input> else { return nil }
        return await answer.give()
    }
}
