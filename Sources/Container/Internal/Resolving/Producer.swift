import Synchronization

/// A compiled binding, type-erased so an injector can keep all of them in one table.
@usableFromInline
protocol AnyProducer: AnyObject, Sendable {
    /// This producer, the synchronous one of a binding built on the main actor, with a way in
    /// for `await` that hops there to call it: so a singleton has one cell whichever way it is
    /// asked for, and what the binding makes (and a type it serves through `.implements`
    /// converts) is made on the main actor.
    func hoppingToMainActor() -> any AnyProducer
}

/// A compiled binding, with a synchronous way in (``get``) and one for `await`
/// (``getAsync()``); each returns an instance, honouring the binding's scope. Its
/// dependencies' producers are captured when it is compiled, so resolving looks nothing up.
///
/// A synchronous binding has only ``get``, which `await` calls too. An asynchronous one has
/// ``awaited``, and its ``get`` throws why it cannot be built without `await`; one isolated to
/// the main actor has both, ``awaited`` hopping to the main actor to call ``get``, so a
/// singleton has one cell whichever way it is asked for. A wrapper's producer (an optional, a
/// named value) has both too, each going the same way into the producer it wraps.
///
/// The invariant every cast on the resolve path relies on: the producer kept for a key whose
/// type is `T` is always a `Producer<T>`. `bind` makes it so (its recipe's closures are generic
/// over the bound `T`), and tables store a producer only under its binding's key.
/// ``Producers.checked(_:as:)`` checks it on every cast, in release builds too.
@usableFromInline
final class Producer<T>: AnyProducer {
    @usableFromInline let get: @Sendable () throws(ResolutionError) -> T
    /// How `await` builds the binding when it differs from ``get``; `nil` for a synchronous one.
    @usableFromInline let awaited: (@Sendable () async throws(ResolutionError) -> T)?
    /// Whether a cell keeps what the producer builds, with ``get`` or with `await`. Such a cell
    /// enters its own builds on the ``BuildStack``, and refuses to start one once its level
    /// shuts down; an on-demand resolve enters the build of any other producer, and a table
    /// refuses to call one after shutdown (see ``LevelShutdown``).
    @usableFromInline let isCaching: Bool
    /// For a synchronous singleton, the address of its `Cell<T>`, or 0: a resolve reads a
    /// built instance from it without calling ``get``. Kept as an unretained address, so
    /// reading it costs no reference counting; ``keepsCell`` keeps the cell alive as long as
    /// this producer. Only the initializers taking a `Cell<T>` set it, from one, so ``built()``
    /// needs no check.
    @usableFromInline let cell: UInt
    /// For an asynchronous singleton, the address of its `Cell<T>`, or 0, as ``cell``: only
    /// `await` reads a built instance from it (``builtForAwait()``). The synchronous resolve
    /// calls ``get``, which refuses whether the instance is built or not, so it fails every
    /// time, not only until a task has awaited the singleton. Apart from ``cell``, so that the
    /// synchronous fast path reads one field, as compact as the optimizer inlines it.
    @usableFromInline let awaitedCell: UInt
    /// The cell whose address ``cell`` or ``awaitedCell`` is, held so that the address stays
    /// valid whatever the producer's closures capture; the resolve path never reads it.
    @usableFromInline let keepsCell: (any AnyObject & Sendable)?
    /// `T`, for ``Producers.checked(_:as:)`` to check.
    @usableFromInline let produced: Any.Type

    @inlinable
    init(
        caching isCaching: Bool = false, _ get: @escaping @Sendable () throws(ResolutionError) -> T,
        awaited: (@Sendable () async throws(ResolutionError) -> T)? = nil
    ) {
        self.get = get
        self.awaited = awaited
        self.isCaching = isCaching
        cell = 0
        awaitedCell = 0
        keepsCell = nil
        produced = T.self
    }

    /// A singleton's producer: `get` builds the instance into `cell`, from which a resolve
    /// reads it once it is built.
    @inlinable
    init(cell: Cell<T>, _ get: @escaping @Sendable () throws(ResolutionError) -> T) where T: Sendable {
        self.get = get
        awaited = nil
        isCaching = true
        self.cell = UInt(bitPattern: Unmanaged.passUnretained(cell).toOpaque())
        awaitedCell = 0
        keepsCell = cell
        produced = T.self
    }

    /// An asynchronous binding's producer, whose synchronous way in throws `refusal`; for a
    /// singleton, `cell` is its cell, from which `await` reads a built instance. `isCaching`
    /// says whether a cell keeps what `awaited` builds (a singleton's, a weak or a scoped one's).
    @inlinable
    init(
        cell: Cell<T>?, caching isCaching: Bool, refusing refusal: ResolutionError,
        _ awaited: @escaping @Sendable () async throws(ResolutionError) -> T
    ) where T: Sendable {
        get = { () throws(ResolutionError) -> T in throw refusal }
        self.awaited = awaited
        self.isCaching = isCaching
        self.cell = 0
        awaitedCell = cell.map { UInt(bitPattern: Unmanaged.passUnretained($0).toOpaque()) } ?? 0
        keepsCell = cell
        produced = T.self
    }

    /// Builds the instance with `await`: through ``awaited`` when the binding has it, else ``get``.
    @inlinable
    func getAsync() async throws(ResolutionError) -> T {
        if let awaited { return try await awaited() }
        return try get()
    }

    /// Where the instance of a synchronous singleton that is built already lies, found with
    /// one atomic load, or `nil`. The caller copies the instance straight out of it: returning a
    /// `T?` costs a move through an outlined copy. The memory lives as long
    /// as the cell, so as long as this producer.
    @inlinable
    func built() -> UnsafeMutablePointer<T>? where T: Sendable {
        instance(in: cell)
    }

    /// ``built()`` for `await`: a synchronous or an asynchronous singleton's instance.
    @inlinable
    func builtForAwait() -> UnsafeMutablePointer<T>? where T: Sendable {
        instance(in: cell | awaitedCell)  // At most one of them is set.
    }

    @inlinable
    func instance(in address: UInt) -> UnsafeMutablePointer<T>? where T: Sendable {
        guard let address = UnsafeRawPointer(bitPattern: address) else { return nil }
        // Unchecked by construction: only the initializers taking a `Cell<T>` set an address.
        return Unmanaged<Cell<T>>.fromOpaque(address)._withUnsafeGuaranteedRef { typed in
            typed.isBuilt.load(ordering: .acquiring) ? typed.storage : nil
        }
    }

    @usableFromInline
    func hoppingToMainActor() -> any AnyProducer {
        let synchronous = get
        // Boxed across the hop, since `T` need not be `Sendable` (see ``MainActorConfined``).
        let hop = { @Sendable () async throws(ResolutionError) -> T in
            try await MainActor.run {
                Result { () throws(ResolutionError) -> MainActorConfined<T> in
                    MainActorConfined(try MainActorContext.marked(synchronous))
                }
            }.get().value
        }
        return Producer(caching: isCaching, get, awaited: hop)
    }
}

/// What every level's table does with producers it keeps as `AnyObject`: make one that fails,
/// and read one back as the `Producer<T>` it must be.
@usableFromInline
enum Producers {
    /// A producer of `T` that throws `error`: what a key gets whose binding cannot be built that
    /// way (a strict child's live-only binding, a retirement), so the table keeps a `Producer<T>`
    /// for it all the same. `T` is often opened from a binding's ``Binding/producedType``.
    static func failing<T>(as type: T.Type, _ error: ResolutionError) -> any AnyProducer {
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
    static func checked<T>(_ producer: AnyObject, as type: T.Type) -> Producer<T> {
        let typed = unsafeDowncast(producer, to: Producer<T>.self)
        if ObjectIdentifier(typed.produced) != ObjectIdentifier(T.self) { mismatch(typed.produced, T.self) }
        return typed
    }

    /// Stops the program: a table kept a producer of `produced` where one of `expected` belongs.
    /// `fatalError`, since `preconditionFailure` prints no message in a release build.
    @usableFromInline
    static func mismatch(_ produced: Any.Type, _ expected: Any.Type) -> Never {
        fatalError("Graft internal error: a producer of \(produced) is kept for \(expected); please report this")
    }
}
