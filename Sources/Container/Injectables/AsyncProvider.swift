/// Builds an instance of `T` with `await` each time it is called: inject `AsyncProvider<T>`
/// into a synchronous factory that needs an asynchronous binding later.
///
/// ```swift
/// final class ReportScreen {
///     private let store: AsyncProvider<Store>
///     init(store: AsyncProvider<Store>) { self.store = store }
///     func load() async throws -> [Report] { try await store().reports() }
/// }
/// ```
///
/// It builds synchronous bindings too, so a factory need not know which kind it gets. Like a
/// ``Provider``, it builds later, so a binding that takes one stays synchronous and a
/// dependency cycle through it is legal.
public struct AsyncProvider<T: Sendable>: Sendable {
    private let make: @Sendable () async throws(ResolutionError) -> T

    /// A provider that calls `make`, for constructing a dependant by hand in a test.
    public init(_ make: @escaping @Sendable () async throws -> T) {
        self.make = { () async throws(ResolutionError) -> T in
            try await ResolutionError.callingAsync(factoryOf: .of(T.self)) { try await make() }
        }
    }

    /// A provider of the binding of `T` named `name`, or of the unnamed one.
    init(table: Late<ProducerTable>, named name: String? = nil) {
        make = { () async throws(ResolutionError) -> T in
            guard let table = table.target else {
                throw ResolutionError(.injectorReleased, key: .of(T.self, named: name))
            }
            return try await table.resolveAsync(T.self, named: name)
        }
    }

    /// Builds (or, for a scoped binding, returns) an instance of `T`.
    /// - Throws: ``ResolutionError`` when `T` cannot be built.
    public func get() async throws(ResolutionError) -> T { try await make() }

    /// The same as ``get()``.
    public func callAsFunction() async throws(ResolutionError) -> T { try await make() }
}
