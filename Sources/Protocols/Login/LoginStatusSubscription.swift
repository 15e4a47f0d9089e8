import Synchronization

/// Keeps a subscription to a ``LoginStatusCenter`` alive; cancelling or releasing it ends it.
public final class LoginStatusSubscription: Sendable {
    private let cancellation: Mutex<(@Sendable () -> Void)?>

    init(cancel: @escaping @Sendable () -> Void) {
        cancellation = Mutex(cancel)
    }

    /// Stops delivery; calling it again does nothing.
    public func cancel() {
        let cancel = cancellation.withLock { cancellation in
            defer { cancellation = nil }
            return cancellation
        }
        cancel?()
    }

    deinit { cancel() }
}
