/// The producers of an autowired factory's parameters, read in order while the factory's
/// arguments are evaluated.
///
/// They are kept as unretained addresses beside a strong array, so reading one costs no
/// reference counting; a tuple of producers would be read through tuple metadata instead.
/// Safe unretained: ``producers`` keeps every address alive as long as this object, which the
/// factory's producer keeps. The producer at a position was made by `Compiler.producer(for:)`
/// for that parameter's type, which ``checkedProducer(_:as:)`` checks as it reads it.
@usableFromInline
final class Arguments: Sendable {
    private let producers: [any AnyProducer]
    @usableFromInline let addresses: [UInt]

    @usableFromInline
    init(_ producers: [any AnyProducer]) {
        self.producers = producers
        addresses = producers.map { UInt(bitPattern: Unmanaged<AnyObject>.passUnretained($0).toOpaque()) }
    }

    /// The producer of the argument at `position`, of type `T`.
    func producer<T>(at position: Int, as type: T.Type) -> Producer<T> {
        checkedProducer(producers[position], as: T.self)
    }

    /// Builds the argument at `position`, of type `T`, and moves `position` on.
    @inlinable
    func next<T: Sendable>(_ type: T.Type, at position: inout Int) throws(ResolutionError) -> T {
        let address = addresses[position]
        position += 1
        let producer = Unmanaged<AnyObject>.fromOpaque(UnsafeRawPointer(bitPattern: address).unsafelyUnwrapped)
        do {
            return try producer._withUnsafeGuaranteedRef { try checkedProducer($0, as: T.self).get() }
        } catch {
            throw error as! ResolutionError  // `get` throws only ResolutionError; the cast keeps the typed throw
        }
    }
}
