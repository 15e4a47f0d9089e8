import Client
import Protocols

/// The current customer flows: the shared account flow over the V2 client (signed requests);
/// its login chain adds V2's bind-card and payment-PIN links after V1's gesture link.
///
/// `@unchecked Sendable`: no mutable state of its own; the only mutable state, the base
/// class's handlers, is guarded by ``BaseViewModel``'s `handlers` mutex.
public final class CustomerLogicV2: AccountViewModel, CustomerLogic, @unchecked Sendable {}
