extension Injector {
    /// Closes what this injector keeps, in the graph's order: each instance once every kept
    /// instance that depends on it has closed, instances that do not depend on each other
    /// concurrently. From its first moment the injector builds nothing more.
    ///
    /// ```swift
    /// let injector = try await Injector.start(modules: [StoreModule(), AppModule()])
    /// // … serve until asked to stop, then stop serving …
    /// let profile = try await injector.shutdown(within: .seconds(5))
    /// print(profile)
    /// // shutdown: 2 services closed in 3.1 ms
    /// //   AuditLog: 0.1 ms, from 0.0 ms
    /// //   Store: 3.0 ms, from 0.1 ms, after AuditLog
    /// ```
    ///
    /// **What closes.** A binding says how its instances close with `closing(_:)`. What the
    /// injector keeps of such a binding closes: a singleton it built, eager or not, a weak
    /// instance still alive, the current instance of each resettable scope, each instance a
    /// scoped binding with run-time arguments keeps, and a value bound with `toInstance:`. A
    /// singleton never built is not built to be closed. Transient instances belong to whoever
    /// holds them. An instance whose build was running when the shutdown began closes once that
    /// build has ended.
    ///
    /// **In what order.** Dependants first, as the graph's edges say, through the bindings in
    /// between that close nothing; ``graph`` and ``explain(_:named:)`` say which bindings close.
    /// Where dependencies through a `Provider` or a `Factory` make a loop (which validation
    /// allows), an instance that holds another closes before it; otherwise a loop closes
    /// together. A closer that throws is reported, and what it depends on closes all the same.
    ///
    /// **Children.** The shutdown of an injector first shuts down each child made from it that is
    /// still alive (and theirs), since a child's instances may use its parent's: their closers
    /// run before this injector's, within the same time, and what they close and their failures
    /// are reported with this injector's. A child shut down on its own before closes only what it
    /// keeps itself, never what it shares with its parent, and reports to that call: the parent
    /// waits for it to end, and does not report it again. A child made once its parent has begun
    /// to shut down builds nothing.
    ///
    /// **Once.** Each closer runs once. A second call, or one made while the first runs, waits
    /// for the first shutdown and returns (or throws) what it does; its own `limit` is not used.
    ///
    /// **After it begins**, an injector builds nothing: a resolve that would build an instance
    /// (a transient one, a list, a type served through `.implements`, a singleton never built)
    /// throws ``ResolutionError/Reason/shutDown``. What it keeps is still served as before, a
    /// built singleton in one atomic load, but it is closed or closing: stop the work that
    /// resolves, such as a server's request handlers, first.
    ///
    /// **In time.** When `limit` has passed, the closers still running are cancelled and the
    /// shutdown returns without waiting for them, and those that had not begun never begin:
    /// both are reported. Only `limit` cuts a shutdown short: cancelling the task that awaits it
    /// does not (a server's task is often cancelled as it stops, and its store must still be
    /// written back), and a shutdown called from a cancelled task closes everything as well.
    ///
    /// - Parameter limit: How long the closers may take, from this call; 10 seconds unless given.
    /// - Returns: What closed, and how long each closer took.
    /// - Throws: ``ShutdownError`` listing each closer that threw, with its binding's key and its
    ///   error, and what had not closed when the time ran out; everything else closed.
    @discardableResult
    public func shutdown(within limit: Duration = .seconds(10)) async throws(ShutdownError) -> ShutdownProfile {
        let (outcome, _) = await levelShutdown.outcome(until: .now.advanced(by: limit), limit: limit)
        guard outcome.failures.isEmpty, outcome.unfinished.isEmpty, outcome.notBegun.isEmpty else {
            throw ShutdownError(outcome)
        }
        return ShutdownProfile(outcome)
    }
}
