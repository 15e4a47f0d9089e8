import Synchronization

/// A reference filled in after the injector's producers are compiled, for the producers that
/// need the finished table (providers, lazy values, opaque factories). It holds its target
/// weakly, so an injector and its producers do not keep each other alive.
@usableFromInline
final class Late<Target: AnyObject & Sendable>: Sendable {
    private let reference = Mutex(WeakReference<Target>())

    func set(_ target: Target) {
        reference.withLock { $0.object = target }
    }

    var target: Target? {
        reference.withLock { $0.object }
    }
}
