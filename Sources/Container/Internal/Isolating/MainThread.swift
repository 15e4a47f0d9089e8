#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Android)
    import Android
#endif

/// Whether the calling thread is the process's main thread, from the operating system: how
/// ``MainActorContext`` knows the main actor where nothing marked it.
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
enum MainThread {
    static var isCurrent: Bool {
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
