import Synchronization

/// Broadcasts login-state changes: subscribe with a handler, an ``LoginStatusObserver`` or an
/// `AsyncStream`; ``post(_:)`` delivers to every subscriber, in the order they subscribed, and
/// every subscriber sees the statuses in the order they became ``current``, however posts race
/// or nest.
///
/// ```swift
/// let subscription = center.subscribe { status in print("now", status) }
/// for await status in center.statuses() { ... }
/// ```
public final class LoginStatusCenter: Sendable {
    private typealias Handler = @Sendable (LoginStatus) -> Void

    private struct State {
        var current: LoginStatus
        var nextIdentifier = 0
        var handlers: [(identifier: Int, handler: Handler)] = []
        /// Statuses posted but not yet delivered, oldest first, each with the subscribers of its
        /// post.
        var undelivered: [(status: LoginStatus, handlers: [Handler])] = []
    }

    /// Guards the current status, the subscribers and the statuses to deliver. Handlers run
    /// after it is released, so a handler may post or subscribe without deadlocking.
    private let state: Mutex<State>
    /// Held by the post that delivers: a post from another thread waits for it, then delivers
    /// what is left, so it returns once its own status has been delivered.
    private let delivery = Mutex<Void>(())
    /// The center whose handlers the current thread is running, if any: a post from inside a
    /// handler only queues its status, which the delivering post delivers next.
    @TaskLocal private static var delivering: ObjectIdentifier?

    /// A center whose status starts as `initial`.
    public init(initial: LoginStatus = .notLoggedIn) {
        state = Mutex(State(current: initial))
    }

    /// The last status posted.
    public var current: LoginStatus { state.withLock { $0.current } }

    /// Makes `status` current and tells every subscriber.
    ///
    /// Statuses are delivered one at a time, in the order they became current, each to the
    /// subscribers there were when it was posted. A post returns once its status has been
    /// delivered: a post from another thread waits for the one delivering. A post from inside a
    /// handler cannot wait for the delivery it is part of: it returns at once, and its status is
    /// delivered right after the handlers of the status being delivered.
    public func post(_ status: LoginStatus) {
        state.withLock { state in
            state.current = status
            state.undelivered.append((status, state.handlers.map(\.handler)))
        }
        guard Self.delivering != ObjectIdentifier(self) else { return }
        delivery.withLock { _ in
            Self.$delivering.withValue(ObjectIdentifier(self)) {
                while let (status, handlers) = nextUndelivered() {
                    for handler in handlers { handler(status) }
                }
            }
        }
    }

    /// The oldest status not yet delivered, taken from the queue; `nil` when none is left.
    private func nextUndelivered() -> (LoginStatus, [Handler])? {
        state.withLock { state in
            state.undelivered.isEmpty ? nil : state.undelivered.removeFirst()
        }
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
