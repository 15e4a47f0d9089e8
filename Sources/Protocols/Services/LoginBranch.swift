/// A branch of the login chain that asks the caller for an input: the operation it performs and
/// the type of what it asks for. The key by which ``LoginBranches`` holds the caller's answers.
///
/// Open, like the chain: a generation whose link adds a branch declares its key beside the link,
/// as a static member of the input's type, so a caller writes `.bindCard` and gets a `BankCard`:
///
/// ```swift
/// extension LoginBranch where Input == BankCard {
///     public static var bindCard: LoginBranch<BankCard> { LoginBranch(.bindCard) }
/// }
/// ```
public struct LoginBranch<Input: Sendable>: Hashable, Sendable {
    /// The operation whose input this is; it stays pending when the branch is declined.
    public let operation: BusinessOperation

    /// The branch of `operation`, asking for an `Input`.
    public init(_ operation: BusinessOperation) {
        self.operation = operation
    }
}

extension LoginBranch where Input == String {
    /// The new gesture password, after the customer asked to forget the old one.
    public static var forgetGesturePassword: LoginBranch<String> { LoginBranch(.forgetGesturePassword) }
    /// A gesture password, when the server holds none.
    public static var createGesturePassword: LoginBranch<String> { LoginBranch(.createGesturePassword) }
}
