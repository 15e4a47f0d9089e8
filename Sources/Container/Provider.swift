/// Builds an instance of `T` each time it is called: inject `Provider<T>` instead of `T` to
/// build on demand, to get a fresh transient instance per use, or to break a dependency cycle.
///
/// ```swift
/// final class CheckoutFlow {
///     private let makeReceipt: Provider<Receipt>
///     init(makeReceipt: Provider<Receipt>) { self.makeReceipt = makeReceipt }
///     func finish() throws -> Receipt { try makeReceipt() }
/// }
/// ```
public struct Provider<T: Sendable>: Sendable {
    private let make: @Sendable () throws(ResolutionError) -> T

    /// A provider that calls `make`, for constructing a dependant by hand in a test.
    public init(_ make: @escaping @Sendable () throws -> T) {
        self.make = { () throws(ResolutionError) -> T in
            do { return try make() } catch let error as ResolutionError { throw error } catch {
                throw ResolutionError(.factoryFailed(error), key: .of(T.self))
            }
        }
    }

    init(table: Late<ProducerTable>) {
        make = { () throws(ResolutionError) -> T in
            guard let table = table.target else { throw ResolutionError(.injectorReleased, key: .of(T.self)) }
            return try table.resolveOnDemand(T.self)
        }
    }

    /// Builds (or, for a scoped binding, returns) an instance of `T`.
    /// - Throws: ``ResolutionError`` when `T` cannot be built.
    public func get() throws(ResolutionError) -> T { try make() }

    /// The same as ``get()``.
    public func callAsFunction() throws(ResolutionError) -> T { try make() }
}
