/// How a binding's instance closes at shutdown: the closure given to
/// `BindingBuilder.closing(_:)`, taking what the binding's cell keeps.
///
/// What a cell keeps is the instance, or, for a binding isolated to the main actor, the
/// ``MainActorConfined`` box around it; the closure unboxes it, on the main actor for a closer
/// that runs there.
///
/// A class, so that a binding without one (nearly all) holds a single `nil` pointer, which
/// compiling and validating test without copying a closure.
final class Closer: Sendable {
    let close: @Sendable (any Sendable) async throws -> Void

    init(_ close: @escaping @Sendable (any Sendable) async throws -> Void) {
        self.close = close
    }

    /// A closer that calls `close` with the instance, wherever the shutdown runs it.
    static func anywhere<T: Sendable>(_ close: @escaping @Sendable (T) async throws -> Void) -> Closer {
        Closer { kept in
            // The box first: a box is itself a `T` when `T` is an existential it conforms to.
            if let box = kept as? MainActorConfined<T> {
                try await close(box.value)
            } else if let instance = kept as? T {
                try await close(instance)
            }
        }
    }

    /// A closer that calls `close` with the instance on the main actor, where the instance of a
    /// type that is not `Sendable` lives.
    static func onMainActor<T>(_ close: @escaping @MainActor @Sendable (T) async throws -> Void) -> Closer {
        Closer { kept in
            guard let box = kept as? MainActorConfined<T> ?? (kept as? T).map(MainActorConfined.init) else { return }
            try await closing(box, close)
        }
    }

    /// Unboxes `box` on the main actor, where its value may be read, and closes it there.
    @MainActor
    private static func closing<T>(
        _ box: MainActorConfined<T>, _ close: @MainActor @Sendable (T) async throws -> Void
    ) async throws {
        try await close(box.value)
    }
}
