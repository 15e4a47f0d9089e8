/// What a shutdown closed, and how long each closer took: what ``Injector/shutdown(within:)``
/// returns, and what a ``ShutdownError`` says did close.
///
/// ```swift
/// let profile = try await injector.shutdown(within: .seconds(5))
/// print(profile)
/// // shutdown: 2 services closed in 3.1 ms
/// //   AuditLog: 0.1 ms, from 0.0 ms
/// //   Store: 3.0 ms, from 0.1 ms, after AuditLog
/// ```
public struct ShutdownProfile: Sendable, CustomStringConvertible {
    /// One binding's closing: its closer, called with each instance the injector kept of it.
    public struct Entry: Sendable {
        /// The binding whose instances closed.
        public let key: ServiceKey
        /// When its closing began, counted from the start of the shutdown.
        public let start: Duration
        /// How long its closing took.
        public let duration: Duration
        /// The kept instances that depend on it, which closed (or failed to) before it began.
        public let after: [ServiceKey]
    }

    /// The closings that ended with every closer returning, in the order they began; a closer
    /// that threw or did not finish is in the ``ShutdownError`` instead.
    public let entries: [Entry]
    /// From the start of the shutdown to its end.
    public let total: Duration

    init(_ outcome: ClosingOutcome) {
        entries = outcome.closed.sorted { $0.began < $1.began }.map { closed in
            Entry(
                key: closed.key, start: closed.began - outcome.began, duration: closed.ended - closed.began,
                after: closed.after)
        }
        total = outcome.ended - outcome.began
    }

    public var description: String {
        let count = entries.count == 1 ? "1 service" : "\(entries.count == 0 ? "no" : "\(entries.count)") services"
        var lines = ["shutdown: \(count) closed in \(StartUpProfile.milliseconds(total))"]
        for entry in entries {
            let after = entry.after.isEmpty ? "" : ", after \(entry.after.map(\.description).joined(separator: ", "))"
            lines.append(
                "  \(entry.key): \(StartUpProfile.milliseconds(entry.duration)), from \(StartUpProfile.milliseconds(entry.start))\(after)"
            )
        }
        return lines.joined(separator: "\n")
    }
}
