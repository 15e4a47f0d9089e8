/// A compiled binding, type-erased so an injector can keep all of them in one table.
@usableFromInline
protocol AnyProducer: AnyObject, Sendable {}

/// A compiled binding: calling ``get`` returns an instance, honouring the binding's scope.
/// Its dependencies' producers are captured when it is compiled, so resolving looks nothing up.
///
/// The invariant every unchecked cast on the resolve path relies on: the producer kept for a
/// key whose type is `T` is always a `Producer<T>`. `bind` makes it so (its recipe's closures
/// are generic over the bound `T`), and tables store a producer only under its binding's key.
@usableFromInline
final class Producer<T>: AnyProducer {
    @usableFromInline let get: @Sendable () throws(ResolutionError) -> T
    /// Whether a cell keeps what ``get`` builds. Such a cell enters its own builds on the
    /// ``BuildStack``; an on-demand resolve enters the build of any other producer.
    @usableFromInline let isCaching: Bool

    @inlinable
    init(caching isCaching: Bool = false, _ get: @escaping @Sendable () throws(ResolutionError) -> T) {
        self.get = get
        self.isCaching = isCaching
    }
}
