/// A compiled asynchronous binding, type-erased so a table can keep all of them.
@usableFromInline
protocol AnyAsyncProducer: AnyObject, Sendable {
    /// A synchronous producer of the same type that throws `error`: what the synchronous table
    /// keeps for an asynchronous binding, so a synchronous resolve says why it cannot build.
    func synchronousRefusal(_ error: ResolutionError) -> any AnyProducer
}

/// A compiled asynchronous binding: awaiting ``get`` returns an instance, honouring the
/// binding's scope.
///
/// It is kept apart from the synchronous ``Producer``, under the same key in a table of its
/// own, so the synchronous resolve path does no extra work. The same invariant holds: the
/// asynchronous producer kept for a key whose type is `T` is always an `AsyncProducer<T>`.
@usableFromInline
final class AsyncProducer<T>: AnyAsyncProducer {
    @usableFromInline let get: @Sendable () async throws(ResolutionError) -> T
    /// For a singleton, its ``AsyncCell``: resolving reads a built instance from it without
    /// awaiting anything.
    @usableFromInline let cell: (any AnyObject & Sendable)?

    @inlinable
    init(cell: (any AnyObject & Sendable)? = nil, _ get: @escaping @Sendable () async throws(ResolutionError) -> T) {
        self.get = get
        self.cell = cell
    }

    /// Awaits a synchronous producer: how an asynchronous factory gets a synchronous dependency.
    @usableFromInline
    convenience init(awaiting producer: Producer<T>) {
        self.init { () async throws(ResolutionError) -> T in try producer.get() }
    }

    @usableFromInline
    func synchronousRefusal(_ error: ResolutionError) -> any AnyProducer {
        Producer<T> { () throws(ResolutionError) -> T in throw error }
    }
}
