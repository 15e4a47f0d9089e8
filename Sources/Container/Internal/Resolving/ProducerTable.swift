import Synchronization

/// An injector level's compiled producers, looked up by key. A child's table holds only what
/// the child compiled and falls back to its parent's. Producers that resolve later (providers,
/// lazy values, opaque factories) reach their table through a weak ``Late`` reference.
@usableFromInline
final class ProducerTable: Sendable {
    /// Keeps every producer of this table alive, with ``own``; ``unnamed`` refers to them
    /// unretained.
    let compiled: [ServiceKey: any AnyProducer]
    /// For a root whose bindings take no run-time arguments (each producer kept under its
    /// binding's key), the producers of its bindings at their positions in its selection,
    /// which ``positions`` gives: a large graph's table is the selection's, not a dictionary
    /// filled again. Empty otherwise, and ``compiled`` holds them.
    private let own: [any AnyProducer]
    private let positions: KeyIndex
    /// The producers of unnamed keys by type, as unretained addresses: a lookup costs no
    /// reference counting, and ``compiled`` and ``own`` keep the producers alive.
    @usableFromInline let unnamed: IdentityTable
    @usableFromInline let parent: ProducerTable?
    /// Says why a key that no producer serves cannot be built.
    private let layer: Layer
    /// The reference this table's producers hold to it.
    let reference: Late<ProducerTable>
    /// Whether this table or a parent's serves a binding isolated to the main actor: only then
    /// does a synchronous resolve from the main actor mark its build (see ``MainActorContext``).
    @usableFromInline let servesMainActor: Bool
    /// This level's cells by scope name: what ``Injector/reset(_:)`` and a ``ScopeResetter``
    /// empty, at this level and at every other level of the family.
    let resettable: [String: [any ResettableCell]]
    /// What the injector's family shares, where a table with resettable cells is registered.
    private let family: InjectorFamily
    /// This level's shutdown: once its gate is closed, a resolve from this table calls no
    /// producer that keeps no instance (see ``checkOpen(_:named:)``).
    @usableFromInline let shutdown: LevelShutdown

    init(
        compiled: [ServiceKey: any AnyProducer],
        own: (positions: KeyIndex, keys: [ServiceKey], producers: [any AnyProducer])? = nil,
        parent: ProducerTable?, layer: Layer, reference: Late<ProducerTable>,
        servesMainActor: Bool, resettable: [String: [any ResettableCell]], family: InjectorFamily,
        shutdown: LevelShutdown
    ) {
        self.shutdown = shutdown
        self.resettable = resettable
        self.family = family
        self.servesMainActor = servesMainActor || parent?.servesMainActor == true
        self.compiled = compiled
        self.own = own?.producers ?? []
        positions = own?.positions ?? KeyIndex()
        var unnamed = IdentityTable(minimumCapacity: compiled.count + self.own.count)
        for (key, producer) in compiled where key.name == nil && key.item == nil {
            unnamed.set(Self.address(of: producer), for: key.id)
        }
        for (key, producer) in zip(own?.keys ?? [], self.own) where key.name == nil && key.item == nil {
            unnamed.set(Self.address(of: producer), for: key.id)
        }
        self.unnamed = unnamed
        self.parent = parent
        self.layer = layer
        self.reference = reference
        if !resettable.isEmpty { family.register(self) }
    }

    /// Empties `scope` at every level of the family; a scope that cannot be reset is checked
    /// by the caller (``Injector/reset(_:)``, ``ScopeResetter/reset(_:)``), once.
    func reset(_ scope: Scope) {
        if case .resettable(let name) = scope.kind { family.reset(name) }
    }

    /// Empties this level's cells of the scope `name`.
    func clear(_ name: String) {
        for cell in resettable[name] ?? [] { cell.clear() }
    }

    /// The producer of `key`, here or in a parent's table.
    func producer(for key: ServiceKey) -> (any AnyProducer)? {
        if !own.isEmpty, let position = positions[key] { return own[position] }
        return (compiled.isEmpty ? nil : compiled[key]) ?? parent?.producer(for: key)
    }

    /// The producer of the unnamed key of the type `id` that the nearest parent keeps: where
    /// ``resolve(_:)`` and ``resolveAsync(_:)`` look once this table's ``unnamed`` has none,
    /// out of line, so that a root's lookup inlined into them stays one probe.
    func inheritedProducer(unnamed id: ObjectIdentifier) -> Unmanaged<AnyObject>? {
        var table = parent
        while let current = table {
            if let address = current.unnamed[id] { return Self.producer(at: address) }
            table = current.parent
        }
        return nil
    }

    /// The producer whose address ``unnamed`` keeps; never 0, since it is an object's.
    @inlinable
    static func producer(at address: UInt) -> Unmanaged<AnyObject> {
        Unmanaged<AnyObject>.fromOpaque(UnsafeRawPointer(bitPattern: address).unsafelyUnwrapped)
    }

    /// The address ``unnamed`` keeps for `producer`, unretained.
    private static func address(of producer: AnyObject) -> UInt {
        UInt(bitPattern: Unmanaged<AnyObject>.passUnretained(producer).toOpaque())
    }

    @inlinable
    func resolve<T: Sendable>(_ type: T.Type) throws(ResolutionError) -> T {
        guard let address = unnamed[ObjectIdentifier(type)] else { return try resolveUnlisted(type) }
        return try get(Self.producer(at: address), as: type)
    }

    /// Calls a producer that a table keeps alive.
    ///
    /// Safe unretained: the table (or a parent it keeps) holds the producer. The producer of a
    /// key of type `T` is always a `Producer<T>`, since `bind` makes it so; ``Producers.checked(_:as:)``
    /// checks it.
    @inlinable
    func get<T: Sendable>(_ producer: Unmanaged<AnyObject>, as type: T.Type) throws(ResolutionError) -> T {
        // A built synchronous singleton is one atomic load, with no call of its producer: the
        // shutdown gate is read only after it.
        if let built = producer._withUnsafeGuaranteedRef({ Producers.checked($0, as: T.self).built() }) {
            return built.pointee
        }
        do {
            // The gate is tested inside the call, after the fast path: tested before it, the
            // optimizer no longer inlined the fast path of a built singleton as compactly.
            return try producer._withUnsafeGuaranteedRef { (producer: AnyObject) throws(ResolutionError) -> T in
                let typed = Producers.checked(producer, as: T.self)
                try checkOpen(typed)
                return try typed.get()
            }
        } catch {
            throw error as! ResolutionError  // `get` throws only ResolutionError; the cast keeps the typed throw
        }
    }

    /// Throws when this level has begun to shut down and `producer` would make something new:
    /// one that keeps no instance (a transient binding, a list, a type served through
    /// `.implements`). A caching producer is called all the same: its cell serves what it keeps
    /// and refuses to build. Called where a resolve calls a producer, after any fast path of a
    /// built singleton.
    @inlinable @inline(__always)
    func checkOpen<T>(_ producer: Producer<T>, named name: String? = nil) throws(ResolutionError) {
        // A root's open gate costs one load and a test here; a child's asks its parents out of
        // line (asked inline, the fast path of a built singleton compiled less compactly).
        if !producer.isCaching, shutdown.isClosedHere.load(ordering: .relaxed) || shutdown.parent != nil {
            try shutdown.refuseIfClosed(T.self, named: name)
        }
    }

    /// Resolves a type this table keeps no producer for: a parent's, a provider, lazy value,
    /// optional or other special type, or the error for a missing binding.
    @usableFromInline
    func resolveUnlisted<T: Sendable>(_ type: T.Type) throws(ResolutionError) -> T {
        if let producer = inheritedProducer(unnamed: ObjectIdentifier(type)) {
            return try get(producer, as: type)
        }
        if let special = SpecialTypes.special(type) {
            return try SpecialTypes.resolve(special, from: self, named: nil, as: type)
        }
        throw layer.unresolvable(.of(type))
    }

    /// Resolves `type` under `name` (`nil` for none) through its producer: the way for a named
    /// key, and for a type that is not `Sendable`, whose main-actor binding keeps no cell that a
    /// resolve could read.
    func resolve<T>(_ type: T.Type, named name: String?) throws(ResolutionError) -> T {
        let key = ServiceKey.of(type, named: name)
        guard let producer = producer(for: key) else {
            // `T?`, `Provider<T>`, `Lazy<T>` of the binding named `name`.
            if let special = SpecialTypes.special(type) {
                return try SpecialTypes.resolve(special, from: self, named: name, as: type)
            }
            throw layer.unresolvable(key)
        }
        let typed = Producers.checked(producer, as: T.self)
        try checkOpen(typed, named: name)
        return try typed.get()
    }

    /// Resolves `type` with `await`, through its producer's way in for `await`.
    @inlinable
    func resolveAsync<T: Sendable>(_ type: T.Type) async throws(ResolutionError) -> T {
        guard let address = unnamed[ObjectIdentifier(type)] else { return try await resolveUnlistedAsync(type) }
        return try await getAsync(Self.producer(at: address), as: type)
    }

    /// ``resolveUnlisted(_:)`` with `await`: a parent's producer, awaited, or a special type
    /// awaited where it wraps an asynchronous binding; or the error for a missing binding.
    @usableFromInline
    func resolveUnlistedAsync<T: Sendable>(_ type: T.Type) async throws(ResolutionError) -> T {
        if let producer = inheritedProducer(unnamed: ObjectIdentifier(type)) {
            return try await getAsync(producer, as: type)
        }
        if let special = SpecialTypes.special(type) {
            return try await SpecialTypes.resolveAsync(special, from: self, named: nil, as: type)
        }
        throw unresolvable(.of(type))
    }

    /// The instance of a singleton of this level, synchronous or asynchronous, that is built
    /// already, read without any asynchronous call, or `nil`. Safe unretained as ``get(_:as:)``.
    @inlinable
    func builtAsync<T: Sendable>(_ type: T.Type) -> T? {
        guard let address = unnamed[ObjectIdentifier(type)] else { return nil }
        return Self.producer(at: address)._withUnsafeGuaranteedRef {
            Producers.checked($0, as: T.self).builtForAwait()?.pointee
        }
    }

    /// Awaits a producer that a table keeps alive; safe unretained as ``get(_:as:)``.
    @inlinable
    func getAsync<T: Sendable>(_ producer: Unmanaged<AnyObject>, as type: T.Type) async throws(ResolutionError) -> T {
        let typed = producer._withUnsafeGuaranteedRef { Producers.checked($0, as: T.self) }
        // A built singleton is one atomic load, with no asynchronous call.
        if let built = typed.builtForAwait() { return built.pointee }
        try checkOpen(typed)
        return try await typed.getAsync()
    }

    /// Resolves `type` under `name` with `await`.
    func resolveAsync<T: Sendable>(_ type: T.Type, named name: String?) async throws(ResolutionError) -> T {
        guard let name else { return try await resolveAsync(type) }
        return try await resolveAsync(.of(type, named: name), as: type)
    }

    /// Resolves `key`, whose type is `T`, with `await`.
    func resolveAsync<T>(_ key: ServiceKey, as type: T.Type) async throws(ResolutionError) -> T {
        if let producer = producer(for: key) {
            let typed = Producers.checked(producer, as: T.self)
            try checkOpen(typed, named: key.name)
            return try await typed.getAsync()
        }
        // `T?`, `Provider<T>`, `Lazy<T>` of the binding named `key.name`.
        if let special = SpecialTypes.special(type) {
            return try await SpecialTypes.resolveAsync(special, from: self, named: key.name, as: type)
        }
        throw unresolvable(key)
    }

    /// Resolves `key`, whose type need not be `Sendable`, with `await`, boxed for the way back
    /// to the main actor that asked (see ``MainActorConfined``).
    func resolveConfinedAsync<T>(_ key: ServiceKey) async throws(ResolutionError) -> MainActorConfined<T> {
        MainActorConfined(try await resolveAsync(key, as: T.self))
    }

    /// Resolves for a provider, a lazy value or an opaque factory: code that runs while other
    /// instances may be half-built, so a build that leads back to itself must be caught here.
    /// A caching producer enters its builds on the ``BuildStack`` itself, on its slow path;
    /// any other producer's build is entered here, once.
    func resolveOnDemand<T>(_ type: T.Type, named name: String? = nil) throws(ResolutionError) -> T {
        let key = ServiceKey.of(type, named: name)
        if let special = SpecialTypes.special(type), name == nil || producer(for: key) == nil {
            return try SpecialTypes.resolve(special, from: self, named: name, as: type)
        }
        guard let producer = producer(for: key) else { throw layer.unresolvable(key) }
        let typed = Producers.checked(producer, as: T.self)
        try checkOpen(typed, named: name)
        if typed.isCaching { return try typed.get() }
        let step = layer.binding(for: key).map(PathStep.init) ?? PathStep(key: key)
        return try BuildStack.building(step, by: ObjectIdentifier(typed)) { () throws(ResolutionError) -> T in
            try typed.get()
        }
    }

    /// The ``Factory`` of type `F` of the binding of `product`, which passes `arguments`.
    func resolveFactory<F>(_ type: F.Type, of product: ServiceKey, arguments: ArgumentList) throws(ResolutionError) -> F
    {
        guard let producer = producer(for: ServiceKey(type: F.self, name: product.name)) else {
            throw layer.unresolvable(product, given: arguments)
        }
        // Kept under the key of `F`, so a `Producer<F>` (see ``Producer``).
        return try Producers.checked(producer, as: F.self).get()
    }

    /// Whether a binding serves `key`, in whatever form.
    func binds(_ key: ServiceKey) -> Bool {
        layer.binding(for: key) != nil
    }

    /// The error for resolving `key` when no producer serves it.
    func unresolvable(_ key: ServiceKey) -> ResolutionError {
        layer.unresolvable(key)
    }

    /// Fails now when a provider asked for from this table (`resolve(Provider<T>.self)`) could
    /// never build, as an injected one fails validation, rather than on its first use.
    /// The binding must take the arguments the wrapper passes: those of a wrapped ``Factory``, or none.
    func checkServes(_ dependency: Dependency) throws(ResolutionError) {
        guard !dependency.isOptional else { return }
        guard let binding = layer.binding(for: dependency.key), binding.arguments == dependency.arguments else {
            throw layer.unresolvable(dependency.key, given: dependency.arguments)
        }
    }
}

/// A reference filled in after the injector's producers are compiled, for the producers that
/// need the finished table (providers, lazy values, opaque factories). It holds its target
/// weakly, so an injector and its producers do not keep each other alive.
@usableFromInline
final class Late<Target: AnyObject & Sendable>: Sendable {
    private let reference = Mutex(WeakReference<Target>())

    func set(_ target: Target) {
        reference.withLock { $0.object = target }
    }

    var target: Target? {
        reference.withLock { $0.object }
    }
}
