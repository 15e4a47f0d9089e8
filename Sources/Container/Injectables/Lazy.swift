import Synchronization

/// Builds an instance of `T` on first use and keeps it: inject `Lazy<T>` instead of `T` to
/// defer an expensive construction, or to break a dependency cycle.
///
/// Each dependant gets its own `Lazy`; concurrent first reads may build twice, but every
/// reader sees the same kept instance.
public final class Lazy<T: Sendable>: Sendable {
    private let provider: Provider<T>
    private let kept = Mutex<T?>(nil)

    /// A lazy value built by `provider`, for constructing a dependant by hand in a test.
    public init(_ provider: Provider<T>) {
        self.provider = provider
    }

    /// The instance, built on the first read.
    /// - Throws: ``ResolutionError`` when `T` cannot be built; the next read tries again.
    public var value: T {
        get throws(ResolutionError) {
            if let value = kept.withLock({ $0 }) { return value }
            let built = try provider.get()
            return kept.withLock { kept in
                if let value = kept { return value }
                kept = built
                return built
            }
        }
    }
}
