/// A factory parameter type that the injector makes itself instead of looking up a binding
/// of it: ``Provider``, ``Lazy``, `Optional` and ``Named``.
///
/// Each says which edge it stands for, how a compiler makes it for a factory's parameter, and
/// how a finished table makes it when asked (`resolve`, a provider, an opaque factory).
protocol SpecialDependency {
    /// The edge a parameter of this type stands for; for a type that every injector gives with
    /// no binding, a dependency that is no edge (``Dependency/isEdge``).
    static var dependency: Dependency { get }
    /// The producer of a parameter of this type, for a factory that `compiler` compiles; its
    /// way in for `await` awaits what the parameter wraps when that is asynchronous.
    static func producer(compiledBy compiler: Compiler) -> Producer<Self>
    /// An instance asked for from a finished table; under `name`, the wrapper of the binding
    /// of that name (`resolve(Provider<Clock>.self, named: "utc")`).
    static func resolve(from table: ProducerTable, named name: String?) throws(ResolutionError) -> Self
    /// An instance asked for with `await` from a finished table, under `name` if given.
    static func resolveAsync(from table: ProducerTable, named name: String?) async throws(ResolutionError) -> Self
}

extension SpecialDependency {
    /// What ``resolve(from:named:)`` makes: right for every wrapper that builds later.
    static func resolveAsync(from table: ProducerTable, named name: String?) async throws(ResolutionError) -> Self {
        try resolve(from: table, named: name)
    }

    /// The edge that asking for this type under `name` stands for.
    static func dependency(named name: String?) -> Dependency {
        Dependency.of(.of(Self.self, named: name))
    }
}

extension AsyncProvider: SpecialDependency {
    static var dependency: Dependency { .wrapping(T.self, as: .asyncProvider) }

    static func producer(compiledBy compiler: Compiler) -> Producer<Self> {
        let table = compiler.table
        return Producer { () throws(ResolutionError) -> Self in AsyncProvider(table: table) }
    }

    /// See ``ProducerTable/checkServes(_:)``.
    static func resolve(from table: ProducerTable, named name: String?) throws(ResolutionError) -> Self {
        try table.checkServes(dependency(named: name))
        return AsyncProvider(table: table.reference, named: name)
    }
}

extension Provider: SpecialDependency {
    static var dependency: Dependency { .wrapping(T.self, as: .provider) }

    static func producer(compiledBy compiler: Compiler) -> Producer<Self> {
        let table = compiler.table
        return Producer { () throws(ResolutionError) -> Self in Provider(table: table) }
    }

    /// See ``ProducerTable/checkServes(_:)``.
    static func resolve(from table: ProducerTable, named name: String?) throws(ResolutionError) -> Self {
        try table.checkServes(dependency(named: name))
        return Provider(table: table.reference, named: name)
    }
}

extension Lazy: SpecialDependency {
    static var dependency: Dependency { .wrapping(T.self, as: .lazy) }

    static func producer(compiledBy compiler: Compiler) -> Producer<Lazy<T>> {
        let table = compiler.table
        return Producer { () throws(ResolutionError) -> Lazy<T> in Lazy(Provider(table: table)) }
    }

    static func resolve(from table: ProducerTable, named name: String?) throws(ResolutionError) -> Lazy<T> {
        Lazy(try Provider<T>.resolve(from: table, named: name))
    }
}

extension AsyncLazy: SpecialDependency {
    static var dependency: Dependency { .wrapping(T.self, as: .asyncLazy) }

    static func producer(compiledBy compiler: Compiler) -> Producer<AsyncLazy<T>> {
        let table = compiler.table
        return Producer { () throws(ResolutionError) -> AsyncLazy<T> in AsyncLazy(AsyncProvider(table: table)) }
    }

    static func resolve(from table: ProducerTable, named name: String?) throws(ResolutionError) -> AsyncLazy<T> {
        AsyncLazy(try AsyncProvider<T>.resolve(from: table, named: name))
    }
}

extension Optional: SpecialDependency {
    static var dependency: Dependency { .wrapping(Wrapped.self, as: .optional) }

    /// The wrapped binding, awaited when it is asynchronous.
    static func producer(compiledBy compiler: Compiler) -> Producer<Self> {
        guard compiler.serves(dependency.key) else { return Producer { () throws(ResolutionError) -> Self in nil } }
        let wrapped = compiler.producer(for: Wrapped.self)
        return Producer(
            { () throws(ResolutionError) -> Self in try wrapped.get() },
            awaited: { () async throws(ResolutionError) -> Self in try await wrapped.getAsync() })
    }

    /// `nil` when nothing binds the wrapped type (under `name`); its error when something does
    /// but fails.
    static func resolve(from table: ProducerTable, named name: String?) throws(ResolutionError) -> Self {
        guard table.binds(dependency(named: name).key) else { return nil }
        return try table.resolveOnDemand(Wrapped.self, named: name)
    }

    /// The same, awaited when the wrapped binding is asynchronous.
    static func resolveAsync(from table: ProducerTable, named name: String?) async throws(ResolutionError) -> Self {
        guard table.binds(dependency(named: name).key) else { return nil }
        if let special = SpecialTypes.special(Wrapped.self) {
            return try await SpecialTypes.resolveAsync(special, from: table, named: name, as: Wrapped.self)
        }
        return try await table.resolveAsync(.of(Wrapped.self, named: name), as: Wrapped.self)
    }
}

extension Named: SpecialDependency {
    /// The named binding of `Value`; for a ``Factory``, the named binding it builds, with
    /// arguments; for another wrapper, such as `Value?`, that wrapper of the named binding, as
    /// `Optional<Named<Name, Value>>` is.
    static var dependency: Dependency {
        Dependency.of(.of(Value.self, named: Name.name))
    }

    /// The named binding, awaited when it is asynchronous.
    static func producer(compiledBy compiler: Compiler) -> Producer<Self> {
        guard dependency.kind == .direct else {
            // A named factory or other wrapper is made when the dependant is built, as an
            // unnamed one is; `Value?` awaits the named binding when it is asynchronous.
            let table = compiler.table
            let made = { @Sendable () throws(ResolutionError) -> Self in
                guard let table = table.target else { throw ResolutionError(.injectorReleased, key: dependency.key) }
                return try resolve(from: table, named: nil)
            }
            guard dependency.kind == .optional else { return Producer(made) }
            return Producer(made) { () async throws(ResolutionError) -> Self in
                guard let table = table.target else { throw ResolutionError(.injectorReleased, key: dependency.key) }
                // Safe: only a wrapper makes another kind of edge.
                let special = Value.self as! any SpecialDependency.Type
                return Named(
                    try await SpecialTypes.resolveAsync(special, from: table, named: Name.name, as: Value.self))
            }
        }
        let value = compiler.producer(for: dependency.key, as: Value.self)
        return Producer(
            { () throws(ResolutionError) -> Self in Named(try value.get()) },
            awaited: { () async throws(ResolutionError) -> Self in Named(try await value.getAsync()) })
    }

    /// `Named<Name, Value>` asked for under another name names nothing.
    static func resolve(from table: ProducerTable, named name: String?) throws(ResolutionError) -> Self {
        guard name == nil || name == Name.name else { throw table.unresolvable(.of(Self.self, named: name)) }
        return Named(try table.resolveOnDemand(Value.self, named: Name.name))
    }
}

extension Factory: SpecialDependency {
    static var dependency: Dependency {
        Dependency(key: .of(Product.self), kind: .factory, arguments: ArgumentList(repeat (each Argument).self))
    }

    /// Looked up when the dependant is built, not while the graph is compiled, as a provider
    /// is: the product may be the dependant itself (a factory of related instances), whose
    /// producer does not exist yet.
    static func producer(compiledBy compiler: Compiler) -> Producer<Self> {
        let table = compiler.table
        return Producer { () throws(ResolutionError) -> Self in
            guard let table = table.target else { throw ResolutionError(.injectorReleased, key: .of(Product.self)) }
            return try resolve(from: table, named: nil)
        }
    }

    static func resolve(from table: ProducerTable, named name: String?) throws(ResolutionError) -> Self {
        // True by construction: a Factory's dependency always carries its argument types.
        try table.resolveFactory(Self.self, of: .of(Product.self, named: name), arguments: dependency.arguments!)
    }
}
