/// A built instance on the heap, so a singleton cell can publish it with one atomic store.
@usableFromInline
final class Box<T: Sendable>: Sendable {
    @usableFromInline let value: T
    init(_ value: T) { self.value = value }
}
