import Synchronization

/// The generation counter of one resettable scope, shared by an injector and its children:
/// a reset advances it, and a cell serves only what it built in the current generation.
@usableFromInline
final class ScopeGeneration: Sendable {
    let value = Atomic<UInt64>(0)
}
