/// A compiled binding, type-erased so an injector can keep all of them in one table.
@usableFromInline
protocol AnyProducer: AnyObject, Sendable {}

/// A compiled binding: calling ``get`` returns an instance, honouring the binding's scope.
/// Its dependencies' producers are captured when it is compiled, so resolving looks nothing up.
///
/// The invariant every cast on the resolve path relies on: the producer kept for a key whose
/// type is `T` is always a `Producer<T>`. `bind` makes it so (its recipe's closures are generic
/// over the bound `T`), and tables store a producer only under its binding's key.
/// ``checkedProducer(_:as:)`` checks it on every cast, in release builds too.
@usableFromInline
final class Producer<T>: AnyProducer {
    @usableFromInline let get: @Sendable () throws(ResolutionError) -> T
    /// Whether a cell keeps what ``get`` builds. Such a cell enters its own builds on the
    /// ``BuildStack``; an on-demand resolve enters the build of any other producer.
    @usableFromInline let isCaching: Bool
    /// `T`, for ``checkedProducer(_:as:)`` to check.
    @usableFromInline let produced: Any.Type

    @inlinable
    init(caching isCaching: Bool = false, _ get: @escaping @Sendable () throws(ResolutionError) -> T) {
        self.get = get
        self.isCaching = isCaching
        produced = T.self
    }

}

/// A producer of `T` that throws `error`: what a key gets whose binding cannot be built that
/// way (a strict child's live-only binding, an asynchronous one asked synchronously), so the
/// table keeps a `Producer<T>` for it all the same. `T` is often opened from a binding's
/// ``Binding/producedType``.
func failing<T>(as type: T.Type, _ error: ResolutionError) -> any AnyProducer {
    Producer { () throws(ResolutionError) -> T in throw error }
}

/// `producer`, kept for a key of type `T`, as the `Producer<T>` it must be; a mismatch stops
/// the program instead of reading memory as the wrong type.
///
/// Checked by the type it was made for rather than with `as!`, which would look up the
/// metadata of `Producer<T>` on every call of the resolve path's unspecialized generic code:
/// this is a load and a comparison. (A static method of `Producer<T>` would look the metadata
/// up too, as its `self`; a function that is not inlined would retain the producer.) Reading
/// ``Producer/produced`` before the check is sound because `Producer` is the one conformer of
/// ``AnyProducer``, so `producer` is a `Producer` of some type, whose stored properties lie
/// where any `Producer`'s do. In a debug build, `unsafeDowncast` checks the class first.
@inlinable @inline(__always)
func checkedProducer<T>(_ producer: AnyObject, as type: T.Type) -> Producer<T> {
    let typed = unsafeDowncast(producer, to: Producer<T>.self)
    if ObjectIdentifier(typed.produced) != ObjectIdentifier(T.self) { mismatch(typed.produced, T.self) }
    return typed
}

/// Stops the program: a table kept a producer of `produced` where one of `expected` belongs.
/// `fatalError`, since `preconditionFailure` prints no message in a release build.
@usableFromInline
func mismatch(_ produced: Any.Type, _ expected: Any.Type) -> Never {
    fatalError("Graft internal error: a producer of \(produced) is kept for \(expected); please report this")
}
