import Client
import Protocols

/// The current customer flows: the shared account flow over the V2 client (signed requests);
/// its login chain adds V2's bind-card and payment-PIN links after V1's gesture link.
public final class CustomerLogicV2: AccountViewModelBacked {
    /// The account flow, over V2's client and the selected login links.
    public let account: AccountViewModel

    /// The customer flows of `account`.
    public init(account: AccountViewModel) {
        self.account = account
    }
}
