import Client
import Protocols

/// The legacy customer flows: the shared account flow over the V1 client; its login chain is
/// the links of the selected version, which for V1 is the gesture-password link alone.
public final class CustomerLogicV1: AccountViewModel, CustomerLogic, @unchecked Sendable {}
