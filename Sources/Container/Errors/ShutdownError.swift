/// Why ``Injector/shutdown(within:)`` did not close everything the injector keeps: the closers
/// that threw, each with its binding's key and its error, and the instances not closed when the
/// time ran out. Everything else closed, as ``profile`` says.
///
/// ```
/// error: shutdown did not close everything: 1 closer threw, 1 did not finish within 2.0 seconds, 1 did not begin [G601]
///   Mailer: its closer threw: the connection was reset
///   AuditLog: its closer did not finish, and was cancelled
///   Store: its closer did not begin: what depends on it had not finished closing
///   fix: make each closer that threw succeed; the errors above are their own; give shutdown(within:) more time, or make each closer that did not finish end sooner (one that awaits should heed cancellation); the rest closed
/// ```
public struct ShutdownError: Error, CustomStringConvertible {
    /// A closer that threw.
    public struct Failure: Sendable, CustomStringConvertible {
        /// The binding whose closer threw.
        public let key: ServiceKey
        /// What it threw.
        public let error: any Error

        /// `Store: the disk is full`.
        public var description: String { "\(key): \(error)" }
    }

    /// The closers that threw, in the order they ended. A closer that closes several instances
    /// (of a binding with run-time arguments) is listed once per error.
    public let failures: [Failure]
    /// The bindings whose closers were still running when the time ran out: they were cancelled,
    /// and the shutdown did not wait for them.
    public let unfinished: [ServiceKey]
    /// The bindings whose closers never began: when the time ran out, a kept instance that
    /// depends on them had not finished closing. Their instances were left open.
    public let notBegun: [ServiceKey]
    /// What did close, and when.
    public let profile: ShutdownProfile
    /// The time the shutdown was given.
    public let timeLimit: Duration
    /// The stable identifier, which ``description`` prints: `G601`.
    public var diagnosticID: DiagnosticID { DiagnosticID("G601") }

    init(_ outcome: ClosingOutcome) {
        failures = outcome.failures
        unfinished = outcome.unfinished
        notBegun = outcome.notBegun
        profile = ShutdownProfile(outcome)
        timeLimit = outcome.limit
    }

    public var description: String {
        let late = "within \(timeLimit)"
        var counts: [String] = []
        if !failures.isEmpty { counts.append("\(failures.count) \(failures.count == 1 ? "closer" : "closers") threw") }
        if !unfinished.isEmpty { counts.append("\(unfinished.count) did not finish \(late)") }
        if !notBegun.isEmpty { counts.append("\(notBegun.count) did not begin") }
        var notes = failures.map { "\($0.key): its closer threw: \($0.error)" }
        notes += unfinished.map { "\($0): its closer did not finish, and was cancelled" }
        notes += notBegun.map { "\($0): its closer did not begin: what depends on it had not finished closing" }
        var fixes: [String] = []
        if !failures.isEmpty { fixes.append("make each closer that threw succeed; the errors above are their own") }
        if !unfinished.isEmpty || !notBegun.isEmpty {
            fixes.append(
                "give shutdown(within:) more time, or make each closer that did not finish end sooner (one that awaits should heed cancellation)"
            )
        }
        return Diagnostic.render(
            "shutdown did not close everything: \(counts.joined(separator: ", "))", id: diagnosticID, path: Path([]),
            notes: notes, fix: fixes.joined(separator: "; ") + "; the rest closed")
    }
}
