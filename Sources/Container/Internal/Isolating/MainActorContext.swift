#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Android)
    import Android
#endif

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
/// - Otherwise, the main thread (``isMainThread``), which runs the main actor on Darwin and in
///   a program whose `main` is synchronous. On Linux an `async` main (and Swift Testing) runs the
///   main actor on another thread, so there only the two ways above know it.
///
/// The mark is a thread-local value: a marked build is synchronous, so it never leaves its
/// thread, and setting one is cheaper than binding a task-local value, which allocates. On
/// Darwin the main actor always runs on the main thread, so nothing is marked there.
@usableFromInline
enum MainActorContext {
    static var isCurrent: Bool { isMarked || isMainThread }

    /// `body`, marked as running on the main actor when `isolation` is the main actor.
    @inlinable
    static func run<T, Failure: Error>(on isolation: (any Actor)?, _ body: () throws(Failure) -> T) throws(Failure) -> T
    {
        guard enter(isolation) else { return try body() }
        defer { leave() }
        return try body()
    }

    /// `body`, marked as running on the main actor: for code that is.
    static func marked<T, Failure: Error>(_ body: () throws(Failure) -> T) throws(Failure) -> T {
        try run(on: MainActor.shared, body)
    }

    /// Marks this thread as running on the main actor when `isolation` is the main actor and
    /// nothing marked it yet; then, and only then, it returns `true` and the caller must
    /// ``leave()``. Not generic and not a closure, so a resolve from the main actor pays little.
    @usableFromInline
    static func enter(_ isolation: (any Actor)?) -> Bool {
        #if canImport(Darwin)
            // The main actor runs on the main thread, which `isCurrent` asks about directly.
            return false
        #else
            guard let isolation, isolation === MainActor.shared, !isMarked else { return false }
            setMark(true)
            return true
        #endif
    }

    @usableFromInline
    static func leave() {
        setMark(false)
    }

    #if canImport(Darwin) || canImport(Glibc) || canImport(Musl) || canImport(Android)
        /// The thread-local slot of the mark, made once (a global's initializer runs once).
        private static let slot: pthread_key_t = {
            var slot = pthread_key_t()
            pthread_key_create(&slot, nil)
            return slot
        }()

        private static var isMarked: Bool { pthread_getspecific(slot) != nil }

        private static func setMark(_ marked: Bool) {
            pthread_setspecific(slot, marked ? UnsafeRawPointer(bitPattern: 1) : nil)
        }
    #else
        // Without POSIX threads there is no thread-local slot to keep the mark in; `await` works.
        private static var isMarked: Bool { false }

        private static func setMark(_ marked: Bool) {}
    #endif

    /// Whether the calling thread is the process's main thread, from the operating system: how
    /// the main actor is known where nothing marked it.
    ///
    /// The Swift runtime decides "on the main actor" for synchronous code outside a task by "on the
    /// main thread", so the operating system's answer agrees with it there:
    /// - Darwin: `pthread_main_np()`.
    /// - Linux and Android: the main thread is the one whose thread id is the process id.
    ///   `gettid()` is not visible to Swift through Glibc (glibc declares it only under
    ///   `_GNU_SOURCE`) and `syscall` is variadic, so it is looked up once with `dlsym` and called
    ///   through a C function pointer; a C library without it (glibc before 2.30) answers `false`.
    /// - Elsewhere: `false`; a main-actor binding is then resolved with `await`, or by a caller that
    ///   passes its isolation.
    private static var isMainThread: Bool {
        #if canImport(Darwin)
            return pthread_main_np() != 0
        #elseif canImport(Glibc) || canImport(Musl) || canImport(Android)
            guard let address = threadIDFunction, let pointer = UnsafeRawPointer(bitPattern: address) else {
                return false
            }
            let threadID = unsafeBitCast(pointer, to: (@convention(c) () -> pid_t).self)
            return threadID() == getpid()
        #else
            return false
        #endif
    }

    #if !canImport(Darwin) && (canImport(Glibc) || canImport(Musl) || canImport(Android))
        /// The address of the C library's `gettid`, looked up once (a global's initializer runs
        /// once, under the runtime's lock); kept as an integer, which is `Sendable`.
        private static let threadIDFunction: UInt? = {
            guard let library = dlopen(nil, RTLD_NOW), let symbol = dlsym(library, "gettid") else { return nil }
            return UInt(bitPattern: symbol)
        }()
    #endif
}
