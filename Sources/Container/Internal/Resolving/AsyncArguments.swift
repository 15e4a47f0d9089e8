/// The producers of an asynchronous factory's parameters, awaited in order while the
/// factory's arguments are evaluated.
///
/// The producer at a position was made by `Compiler.asyncProducer(for:)` for that parameter's
/// type, which ``checkedAsyncProducer(_:as:)`` checks as it reads it.
@usableFromInline
final class AsyncArguments: Sendable {
    @usableFromInline let producers: [any AnyAsyncProducer]

    @usableFromInline
    init(_ producers: [any AnyAsyncProducer]) {
        self.producers = producers
    }

    /// Builds the argument at `position`, of type `T`, and moves `position` on.
    @inlinable
    func next<T>(_ type: T.Type, at position: inout Int) async throws(ResolutionError) -> T {
        let producer = checkedAsyncProducer(producers[position], as: T.self)
        position += 1
        return try await producer.get()
    }

    /// Awaits every argument, of these types in order, and returns producers of the values it
    /// got: how a synchronous factory is called once its asynchronous dependencies are built.
    func built<each D: Sendable>(_ types: repeat (each D).Type) async throws(ResolutionError) -> Arguments {
        var position = 0
        var values: [any AnyProducer] = []
        repeat values.append(try await nextBuilt(each types, at: &position))
        return Arguments(values)
    }

    private func nextBuilt<T: Sendable>(_ type: T.Type, at position: inout Int) async throws(ResolutionError)
        -> any AnyProducer
    {
        let value = try await next(type, at: &position)
        return Producer<T> { () throws(ResolutionError) -> T in value }
    }
}
