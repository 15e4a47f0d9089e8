/// Whether synchronous code is running on the main actor, asked before a main-actor binding is
/// built synchronously: a wrong answer of "yes" would make `MainActor.assumeIsolated` stop the
/// program, so the answer is "yes" only when it is known.
///
/// The standard library has no check that answers `false` instead of stopping the program
/// (`assumeIsolated`, `preconditionIsolated`; the executor's `isIsolatingCurrentContext()`
/// answers `nil`, "unknown", for the main executor on Linux). So the container knows it from
/// the callers instead:
/// - The synchronous `resolve` and ``Provider/get(isolation:)`` take the caller's isolation
///   (`#isolation`, filled in by the compiler) and mark the build when it is the main actor.
/// - The container marks its own work on the main actor: the `await` path hops there with
///   `MainActor.run`, and an isolated factory's dependencies are built inside it.
/// - Otherwise, the main thread (see ``MainThread``), which runs the main actor on Darwin and in
///   a program whose `main` is synchronous. On Linux an `async` main (and Swift Testing) runs the
///   main actor on another thread, so there only the two ways above know it.
@usableFromInline
enum MainActorContext {
    /// Set for the duration of a build the container knows runs on the main actor.
    @TaskLocal static var isMarked = false

    static var isCurrent: Bool { isMarked || MainThread.isCurrent }

    /// `body`, marked as running on the main actor when `isolation` is the main actor.
    @usableFromInline
    static func run<T, Failure: Error>(on isolation: (any Actor)?, _ body: () throws(Failure) -> T) throws(Failure) -> T {
        guard let isolation, isolation === MainActor.shared, !isMarked else { return try body() }
        return try marked(body)
    }

    /// `body`, marked as running on the main actor: for code that is.
    static func marked<T, Failure: Error>(_ body: () throws(Failure) -> T) throws(Failure) -> T {
        try $isMarked.withValue(true) { Result { () throws(Failure) -> T in try body() } }.get()
    }
}
