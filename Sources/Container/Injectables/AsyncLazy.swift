import Synchronization

/// Builds an instance of `T` with `await` on first use and keeps it: the asynchronous
/// ``Lazy``, injectable into a synchronous factory that needs an asynchronous binding later.
///
/// ```swift
/// final class SearchScreen {
///     private let index: AsyncLazy<SearchIndex>
///     init(index: AsyncLazy<SearchIndex>) { self.index = index }
///     func search(_ text: String) async throws -> [Hit] { try await index.value.search(text) }
/// }
/// ```
///
/// Each dependant gets its own `AsyncLazy`; concurrent first reads may build twice, but every
/// reader sees the same kept instance.
public final class AsyncLazy<T: Sendable>: Sendable {
    private let provider: AsyncProvider<T>
    /// Guards only the kept instance; builds happen outside it.
    private let kept = Mutex<T?>(nil)

    /// A lazy value built by `provider`, for constructing a dependant by hand in a test.
    public init(_ provider: AsyncProvider<T>) {
        self.provider = provider
    }

    /// The instance, built on the first read.
    /// - Throws: ``ResolutionError`` when `T` cannot be built; the next read tries again.
    public var value: T {
        get async throws(ResolutionError) {
            if let value = kept.withLock({ $0 }) { return value }
            let built = try await provider.get()
            return kept.withLock { kept in
                if let value = kept { return value }
                kept = built
                return built
            }
        }
    }
}
