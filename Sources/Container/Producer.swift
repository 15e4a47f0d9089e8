import Synchronization

/// A compiled binding, type-erased so an injector can keep all of them in one table.
@usableFromInline
protocol AnyProducer: AnyObject, Sendable {}

/// A compiled binding: calling ``get`` returns an instance, honouring the binding's scope.
/// Its dependencies' producers are captured when it is compiled, so resolving looks nothing up.
@usableFromInline
final class Producer<T: Sendable>: AnyProducer {
    @usableFromInline let get: @Sendable () throws(ResolutionError) -> T

    @inlinable
    init(_ get: @escaping @Sendable () throws(ResolutionError) -> T) {
        self.get = get
    }
}

/// Keys whose instances are being built on the current thread or task, to turn a cycle
/// through a provider, a lazy value or an opaque factory into an error instead of a hang.
enum BuildStack {
    @TaskLocal static var keys: [ServiceKey] = []

    static func enter<R>(_ key: ServiceKey, _ body: () throws(ResolutionError) -> R) throws(ResolutionError) -> R {
        let current = keys
        if let start = current.firstIndex(of: key) {
            throw ResolutionError(.cycle(Array(current[start...]) + [key]), key: key)
        }
        do {
            return try $keys.withValue(current + [key]) { try body() }
        } catch let error as ResolutionError {
            throw error
        } catch {
            throw ResolutionError(.factoryFailed(error), key: key)
        }
    }
}

/// Holds one built instance for a singleton; the fast path is a single atomic load.
@usableFromInline
final class SingletonCell<T: Sendable>: Sendable {
    @usableFromInline let published = Atomic<Unmanaged<Box<T>>?>(nil)
    /// The once-lock: held while the instance is built, so it is built exactly once.
    private let buildLock = Mutex<Void>(())
    private let key: ServiceKey

    @usableFromInline
    init(key: ServiceKey) {
        self.key = key
    }

    @inlinable
    func get(_ make: () throws(ResolutionError) -> T) throws(ResolutionError) -> T {
        if let box = published.load(ordering: .acquiring) {
            // The cell keeps the box until it is deinitialized, and the caller keeps the cell.
            return box._withUnsafeGuaranteedRef { $0.value }
        }
        return try build(make)
    }

    @usableFromInline
    func build(_ make: () throws(ResolutionError) -> T) throws(ResolutionError) -> T {
        try BuildStack.enter(key) { () throws(ResolutionError) -> T in
            try buildLock.withLock { _ throws(ResolutionError) -> T in
                if let box = published.load(ordering: .acquiring) {
                    return box.takeUnretainedValue().value
                }
                let value = try make()
                published.store(Unmanaged.passRetained(Box(value)), ordering: .releasing)
                return value
            }
        }
    }

    deinit {
        published.load(ordering: .acquiring)?.release()
    }
}

/// Holds an instance while somebody else does.
@usableFromInline
final class WeakCell<T: Sendable>: Sendable {
    private struct Reference { weak var object: AnyObject? }
    private let reference = Mutex(Reference())
    private let key: ServiceKey

    @usableFromInline
    init(key: ServiceKey) {
        self.key = key
    }

    @usableFromInline
    func get(_ make: () throws(ResolutionError) -> T) throws(ResolutionError) -> T {
        if let live = current() { return live }
        return try BuildStack.enter(key) { () throws(ResolutionError) -> T in
            try reference.withLock { reference throws(ResolutionError) -> T in
                if let live = reference.object as? T { return live }
                let value = try make()
                guard Mirror(reflecting: value).displayStyle == .class else {
                    throw ResolutionError(.weakScopeNeedsClass(String(describing: Swift.type(of: value))), key: key)
                }
                reference.object = value as AnyObject
                return value
            }
        }
    }

    private func current() -> T? {
        reference.withLock { $0.object as? T }
    }
}

/// The generation counter of one resettable scope, shared by an injector and its children.
@usableFromInline
final class ScopeGeneration: Sendable {
    let value = Atomic<UInt64>(0)
}

/// Something ``Injector/reset(_:)`` can empty.
@usableFromInline
protocol ResettableCell: Sendable {
    func clear()
}

/// Holds an instance until its scope is reset. An instance built before a reset is never
/// served after it, even by a child injector that shares this cell.
@usableFromInline
final class ScopedCell<T: Sendable>: ResettableCell {
    private let state = Mutex<(value: T, generation: UInt64)?>(nil)
    private let generation: ScopeGeneration
    private let key: ServiceKey

    @usableFromInline
    init(key: ServiceKey, generation: ScopeGeneration) {
        self.key = key
        self.generation = generation
    }

    @usableFromInline
    func get(_ make: () throws(ResolutionError) -> T) throws(ResolutionError) -> T {
        let current = generation.value.load(ordering: .acquiring)
        if let value = cached(in: current) { return value }
        return try BuildStack.enter(key) { () throws(ResolutionError) -> T in
            try state.withLock { state throws(ResolutionError) -> T in
                if let cached = state, cached.generation == current { return cached.value }
                let value = try make()
                state = (value, current)
                return value
            }
        }
    }

    private func cached(in current: UInt64) -> T? {
        state.withLock { state in
            guard let cached = state, cached.generation == current else { return nil }
            return cached.value
        }
    }

    @usableFromInline
    func clear() {
        state.withLock { $0 = nil }
    }
}

@usableFromInline
final class Box<T: Sendable>: Sendable {
    @usableFromInline let value: T
    init(_ value: T) { self.value = value }
}

/// A reference filled in after the injector's producers are compiled, for the producers that
/// need the finished table (providers, lazy values, opaque factories). It holds its target
/// weakly, so an injector and its producers do not keep each other alive.
@usableFromInline
final class Late<Target: AnyObject & Sendable>: Sendable {
    private struct Reference { weak var target: Target? }
    private let reference = Mutex(Reference())

    func set(_ target: Target) {
        reference.withLock { $0.target = target }
    }

    var target: Target? {
        reference.withLock { $0.target }
    }
}
