/// A value of a binding isolated to the main actor, whose type need not be `Sendable`, held
/// where the container keeps only `Sendable` things: a scope's cell, a producer's closure.
///
/// `@unchecked Sendable` without a lock: the main actor guards the value. The binding's
/// factory makes it on the main actor, and every way to it goes there first: a synchronous
/// resolve checks ``MainActorContext/isCurrent`` before reading it, and `await` hops with
/// `MainActor.run`. Off the main actor it only passes through, never read: from the task that
/// awaited an asynchronous dependency to the main-actor factory that takes it. No public API
/// hands a value that is not `Sendable` to code off the main actor: `resolveAsync`,
/// ``Provider`` and the other wrappers take `Sendable` types only.
final class MainActorConfined<T>: @unchecked Sendable {
    let value: T

    init(_ value: T) {
        self.value = value
    }
}

/// A box around a binding's instance, which a weak cell looks through: it refers to the
/// instance, which others keep alive, rather than to the box, which only the cell would.
protocol InstanceBox {
    /// The boxed instance.
    var instance: Any { get }
    /// A box around `instance`, or `nil` when it is not of the boxed type.
    static func boxing(_ instance: AnyObject) -> Self?
}

extension MainActorConfined: InstanceBox {
    var instance: Any { value }

    static func boxing(_ instance: AnyObject) -> MainActorConfined<T>? {
        (instance as? T).map(MainActorConfined.init)
    }
}
