import Client
import Protocols

/// V3's customer flows: the shared account flow over V3's client (its own envelope), running the
/// selected login links, among them V3's e-mail link.
final class CustomerLogicV3: AccountViewModelBacked {
    let account: AccountViewModel

    init(account: AccountViewModel) {
        self.account = account
    }
}
