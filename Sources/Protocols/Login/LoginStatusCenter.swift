import Synchronization

/// Broadcasts login-state changes: subscribe with a handler, an ``LoginStatusObserver`` or an
/// `AsyncStream`; ``post(_:)`` delivers to every subscriber, on the posting thread, in the
/// order they subscribed.
///
/// ```swift
/// let subscription = center.subscribe { status in print("now", status) }
/// for await status in center.statuses() { ... }
/// ```
public final class LoginStatusCenter: Sendable {
    private struct State {
        var current: LoginStatus
        var nextIdentifier = 0
        var handlers: [(identifier: Int, handler: @Sendable (LoginStatus) -> Void)] = []
    }

    /// Guards the current status and the subscribers; handlers run after it is released, so a
    /// handler may post or subscribe without deadlocking.
    private let state: Mutex<State>

    /// A center whose status starts as `initial`.
    public init(initial: LoginStatus = .notLoggedIn) {
        state = Mutex(State(current: initial))
    }

    /// The last status posted.
    public var current: LoginStatus { state.withLock { $0.current } }

    /// Makes `status` current and tells every subscriber.
    public func post(_ status: LoginStatus) {
        let handlers = state.withLock { state in
            state.current = status
            return state.handlers.map(\.handler)
        }
        for handler in handlers { handler(status) }
    }

    /// Calls `handler` with every status posted until the subscription is cancelled or released.
    public func subscribe(_ handler: @escaping @Sendable (LoginStatus) -> Void) -> LoginStatusSubscription {
        let identifier = state.withLock { state in
            let identifier = state.nextIdentifier
            state.nextIdentifier += 1
            state.handlers.append((identifier, handler))
            return identifier
        }
        return LoginStatusSubscription { [weak self] in
            self?.state.withLock { $0.handlers.removeAll { $0.identifier == identifier } }
        }
    }

    /// Calls the observer's handler for each status posted. The center holds the observer
    /// weakly: once it is released, it is no longer called.
    public func observe(_ observer: some LoginStatusObserver) -> LoginStatusSubscription {
        subscribe { [weak observer] status in
            guard let observer else { return }
            switch status {
            case .loggedIn: observer.handleUserLogin()
            case .loggedOut: observer.handleUserLogout()
            case .expired: observer.handleUserLoginExpired()
            case .notLoggedIn: observer.handleUserNotLogin()
            }
        }
    }

    /// The statuses posted from now on, as an asynchronous sequence that ends when the task
    /// iterating it is cancelled.
    public func statuses() -> AsyncStream<LoginStatus> {
        let (stream, continuation) = AsyncStream<LoginStatus>.makeStream()
        let subscription = subscribe { continuation.yield($0) }
        continuation.onTermination = { _ in subscription.cancel() }
        return stream
    }
}
