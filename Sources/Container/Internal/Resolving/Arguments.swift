/// The producers of an autowired factory's parameters, read in order while the factory's
/// arguments are evaluated: synchronously (``next(_:at:)``) or with `await`
/// (``nextAsync(_:at:)``), which takes each producer's way in for `await`.
///
/// They are kept as unretained addresses beside a strong array, so reading one costs no
/// reference counting; a tuple of producers would be read through tuple metadata instead.
/// Safe unretained: ``producers`` keeps every address alive as long as this object, which the
/// factory's producer keeps. The producer at a position was made by `Compiler.producer(for:)`
/// for that parameter's type, which ``Producers.checked(_:as:)`` checks as it reads it.
@usableFromInline
final class Arguments: Sendable {
    @usableFromInline let producers: [any AnyProducer]
    @usableFromInline let addresses: [UInt]

    @usableFromInline
    init(_ producers: [any AnyProducer]) {
        self.producers = producers
        addresses = producers.map { UInt(bitPattern: Unmanaged<AnyObject>.passUnretained($0).toOpaque()) }
    }

    /// The producer of the argument at `position`, of type `T`.
    func producer<T>(at position: Int, as type: T.Type) -> Producer<T> {
        Producers.checked(producers[position], as: T.self)
    }

    /// Builds the argument at `position`, of type `T`, and moves `position` on.
    @inlinable
    func next<T>(_ type: T.Type, at position: inout Int) throws(ResolutionError) -> T {
        let address = addresses[position]
        position += 1
        let producer = Unmanaged<AnyObject>.fromOpaque(UnsafeRawPointer(bitPattern: address).unsafelyUnwrapped)
        do {
            return try producer._withUnsafeGuaranteedRef { try Producers.checked($0, as: T.self).get() }
        } catch {
            throw error as! ResolutionError  // `get` throws only ResolutionError; the cast keeps the typed throw
        }
    }

    /// Builds the argument at `position`, of type `T`, with `await`, and moves `position` on.
    @inlinable
    func nextAsync<T>(_ type: T.Type, at position: inout Int) async throws(ResolutionError) -> T {
        let producer = Producers.checked(producers[position], as: T.self)
        position += 1
        return try await producer.getAsync()
    }

    /// Awaits every argument, of these types in order, and returns producers of the values it
    /// got: how a synchronous factory is called once its asynchronous dependencies are built.
    func built<each D>(_ types: repeat (each D).Type) async throws(ResolutionError) -> Arguments {
        var position = 0
        var values: [any AnyProducer] = []
        repeat values.append(try await nextBuilt(each types, at: &position))
        return Arguments(values)
    }

    private func nextBuilt<T>(_ type: T.Type, at position: inout Int) async throws(ResolutionError)
        -> any AnyProducer
    {
        // Boxed, since `T` need not be `Sendable`: a main-actor binding's value on its way from
        // the task that awaited it to the factory that takes it (see ``MainActorConfined``).
        let value = MainActorConfined(try await nextAsync(type, at: &position))
        return Producer<T> { () throws(ResolutionError) -> T in value.value }
    }
}
