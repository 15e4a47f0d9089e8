import Client
import Protocols

/// The legacy customer flows: the shared account flow over the V1 client; its login chain is
/// the links of the selected version, which for V1 is the gesture-password link alone.
///
/// `@unchecked Sendable`: no mutable state of its own; the only mutable state, the base
/// class's handlers, is guarded by ``BaseViewModel``'s `handlers` mutex.
public final class CustomerLogicV1: AccountViewModel, CustomerLogic, @unchecked Sendable {}
