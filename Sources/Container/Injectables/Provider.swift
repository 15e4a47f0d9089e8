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
    /// Builds a `T`, given the caller's isolation.
    private let make: @Sendable ((any Actor)?) throws(ResolutionError) -> T

    /// A provider that calls `make`, for constructing a dependant by hand in a test.
    public init(_ make: @escaping @Sendable () throws -> T) {
        self.make = { (_: (any Actor)?) throws(ResolutionError) -> T in
            try ResolutionError.calling(factoryOf: .of(T.self)) { try make() }
        }
    }

    /// A provider of the binding of `T` named `name`, or of the unnamed one.
    init(table: Late<ProducerTable>, named name: String? = nil) {
        make = { (isolation: (any Actor)?) throws(ResolutionError) -> T in
            guard let table = table.target else {
                throw ResolutionError(.injectorReleased, key: .of(T.self, named: name))
            }
            guard isolation != nil, table.servesMainActor else { return try table.resolveOnDemand(T.self, named: name) }
            return try MainActorContext.run(on: isolation) { () throws(ResolutionError) -> T in
                try table.resolveOnDemand(T.self, named: name)
            }
        }
    }

    /// Builds (or, for a scoped binding, returns) an instance of `T`.
    /// - Parameter isolation: The caller's actor, which the compiler fills in: leave it out. On
    ///   the main actor, a `T` isolated to it (`bind(_:onMainActor:)`) is built here.
    /// - Throws: ``ResolutionError`` when `T` cannot be built.
    public func get(isolation: isolated (any Actor)? = #isolation) throws(ResolutionError) -> T {
        try make(isolation)
    }

    /// The same as ``get(isolation:)``.
    public func callAsFunction(isolation: isolated (any Actor)? = #isolation) throws(ResolutionError) -> T {
        try make(isolation)
    }
}
