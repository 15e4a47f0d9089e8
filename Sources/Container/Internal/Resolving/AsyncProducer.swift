import Synchronization

/// A compiled asynchronous binding, type-erased so a table can keep all of them.
@usableFromInline
protocol AnyAsyncProducer: AnyObject, Sendable {}

/// A compiled asynchronous binding: awaiting ``get`` returns an instance, honouring the
/// binding's scope.
///
/// It is kept apart from the synchronous ``Producer``, under the same key in a table of its
/// own, so the synchronous resolve path does no extra work. The same invariant holds, checked
/// the same way (``checkedAsyncProducer(_:as:)``): the asynchronous producer kept for a key whose type is `T` is
/// always an `AsyncProducer<T>`.
@usableFromInline
final class AsyncProducer<T>: AnyAsyncProducer {
    @usableFromInline let get: @Sendable () async throws(ResolutionError) -> T
    /// For a singleton, its `Cell<T>`: resolving reads a built instance from it without
    /// awaiting anything. Kept erased, since `T` need not be `Sendable` here; only
    /// ``init(cell:_:)`` sets it, from a `Cell<T>`, so ``built()`` needs no check.
    @usableFromInline let cell: (any AnyObject & Sendable)?
    /// `T`, for ``checkedAsyncProducer(_:as:)`` to check.
    @usableFromInline let produced: Any.Type

    @inlinable
    init(_ get: @escaping @Sendable () async throws(ResolutionError) -> T) {
        self.get = get
        cell = nil
        produced = T.self
    }

    /// A singleton's producer, which reads a built instance from `cell`.
    @inlinable
    init(cell: Cell<T>, _ get: @escaping @Sendable () async throws(ResolutionError) -> T) where T: Sendable {
        self.get = get
        self.cell = cell
        produced = T.self
    }

    /// The instance of a singleton that is built already, read with one atomic load, or `nil`.
    @inlinable
    func built() -> T? where T: Sendable {
        guard let cell else { return nil }
        // Unchecked by construction: only `init(cell:_:)` sets `cell`, to a `Cell<T>`.
        let typed = unsafeDowncast(cell, to: Cell<T>.self)
        return typed.isBuilt.load(ordering: .acquiring) ? typed.storage.pointee : nil
    }

    /// Awaits a synchronous producer: how an asynchronous factory gets a synchronous dependency.
    @usableFromInline
    convenience init(awaiting producer: Producer<T>) {
        self.init { () async throws(ResolutionError) -> T in try producer.get() }
    }
}

/// `producer`, kept for a key of type `T`, as the `AsyncProducer<T>` it must be; see
/// ``checkedProducer(_:as:)``, whose reasoning holds here: `AsyncProducer` is the one
/// conformer of ``AnyAsyncProducer``.
@inlinable @inline(__always)
func checkedAsyncProducer<T>(_ producer: AnyObject, as type: T.Type) -> AsyncProducer<T> {
    let typed = unsafeDowncast(producer, to: AsyncProducer<T>.self)
    if ObjectIdentifier(typed.produced) != ObjectIdentifier(T.self) { mismatch(typed.produced, T.self) }
    return typed
}
