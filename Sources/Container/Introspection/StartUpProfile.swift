/// How long each eager singleton took to build when its injector started: what a launch
/// waits on. Read it from ``Injector/startUpProfile``; ``Injector/explain(_:named:)`` and
/// ``Injector/graph`` show each singleton's share.
///
/// ```swift
/// let injector = try await Injector.start(modules: [AppModule()])
/// print(injector.startUpProfile)
/// // start-up: 2 eager singletons in 41.2 ms
/// //   Store: 40.8 ms, from 0.0 ms
/// //   Catalog: 0.3 ms, from 40.9 ms, after Store
/// ```
public struct StartUpProfile: Sendable, CustomStringConvertible {
    /// One eager singleton's build.
    public struct Entry: Sendable {
        /// The eager singleton.
        public let key: ServiceKey
        /// When its build began, counted from the start of start-up.
        public let start: Duration
        /// How long its build took, including the non-eager bindings it built first.
        public let duration: Duration
        /// The eager singletons it needs built first, which it started after.
        public let after: [ServiceKey]
    }

    /// The builds, in the order they began.
    public let entries: [Entry]
    /// From the start of the first build to the end of the last.
    public let total: Duration

    public var description: String {
        let count = entries.count == 1 ? "1 eager singleton" : "\(entries.count) eager singletons"
        var lines = ["start-up: \(count) in \(Self.milliseconds(total))"]
        for entry in entries {
            let after = entry.after.isEmpty ? "" : ", after \(entry.after.map(\.description).joined(separator: ", "))"
            lines.append(
                "  \(entry.key): \(Self.milliseconds(entry.duration)), from \(Self.milliseconds(entry.start))\(after)")
        }
        return lines.joined(separator: "\n")
    }

    /// `12.3 ms`.
    static func milliseconds(_ duration: Duration) -> String {
        let tenths = duration.components.seconds * 10_000 + duration.components.attoseconds / 100_000_000_000_000
        return "\(tenths / 10).\(tenths % 10) ms"
    }
}
