import Client
import Protocols

/// The legacy customer flows: the shared account flow over the V1 client; its login chain is
/// the links of the selected version, which for V1 is the gesture-password link alone.
public final class CustomerLogicV1: AccountViewModelBacked {
    /// The account flow, over V1's client and the selected login links.
    public let account: AccountViewModel

    /// The customer flows of `account`.
    public init(account: AccountViewModel) {
        self.account = account
    }
}
