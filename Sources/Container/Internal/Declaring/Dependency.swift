/// One edge of the graph, from a binding to what it needs.
@usableFromInline
struct Dependency: Hashable, Sendable, CustomStringConvertible {
    let key: ServiceKey
    let kind: DependencyGraph.Edge.Kind
    /// For an injected ``Factory``, the argument types it passes.
    let arguments: ArgumentList?
    /// Whether the parameter takes `nil` when nothing binds the key: `T?`, `Provider<T?>`,
    /// `Lazy<T?>`.
    let isOptional: Bool
    /// Whether it is an edge of the graph; not for a type every injector gives with no binding
    /// (``ScopeResetter``), which a resolver serves undeclared.
    @usableFromInline let isEdge: Bool

    init(
        key: ServiceKey, kind: DependencyGraph.Edge.Kind, arguments: ArgumentList? = nil, isOptional: Bool = false,
        isEdge: Bool = true
    ) {
        self.key = key
        self.kind = kind
        self.arguments = arguments
        self.isOptional = isOptional || kind == .optional
        self.isEdge = isEdge
    }

    /// The dependency that a factory parameter of type `T` stands for: `T` itself, or what a
    /// ``Provider``, ``Lazy``, optional or ``Named`` parameter asks for.
    @usableFromInline
    static func of<T>(_ type: T.Type) -> Dependency {
        of(ServiceKey.of(type))
    }

    /// The edges that factory parameters of these types stand for, in order; a type that every
    /// injector gives (``isEdge``) is none.
    @inlinable
    static func list<each D>(_ types: repeat (each D).Type) -> [Dependency] {
        var dependencies: [Dependency] = []
        for type in repeat each types {
            let dependency = of(type)
            if dependency.isEdge { dependencies.append(dependency) }
        }
        return dependencies
    }

    /// The edge of a wrapper of `T` (`T?`, ``Provider``, ``Lazy`` and their asynchronous
    /// forms): `T`'s key, optional when `T` is (always for `.optional`), and with `T`'s
    /// arguments when `T` is a ``Factory``.
    static func wrapping<T>(_ type: T.Type, as kind: DependencyGraph.Edge.Kind) -> Dependency {
        let inner = of(type)
        return Dependency(key: inner.key, kind: kind, arguments: inner.arguments, isOptional: inner.isOptional)
    }

    /// The dependency that asking for `key` stands for, as ``of(_:)`` reads a type: for a
    /// wrapper asked for under a name (`resolve(Provider<Clock>.self, named: "utc")`), the
    /// wrapper's edge to the binding of that name.
    @usableFromInline
    static func of(_ key: ServiceKey) -> Dependency {
        guard let special = SpecialTypes.special(key.type) else { return Dependency(key: key, kind: .direct) }
        let unnamed = special.dependency
        guard let name = key.name else { return unnamed }
        // `Named<N, T>` under another name names nothing: it is asked for as written.
        guard unnamed.key.name == nil else { return Dependency(key: key, kind: .direct) }
        return Dependency(
            key: .of(unnamed.key.type, named: name), kind: unnamed.kind, arguments: unnamed.arguments,
            isOptional: unnamed.isOptional)
    }

    /// `Clock`, `Provider<Clock>` for an edge through a provider, `Factory<OrderID, OrderDetail>`
    /// for one through a factory, `Lazy<Factory<OrderID, OrderDetail>>`.
    @usableFromInline
    var description: String {
        let asked = factory(of: key.description)
        return kind == .direct || kind == .factory ? asked : "\(kind.wrapperName)<\(asked)>"
    }

    /// `product`, or the `Factory<…, product>` this edge asks for: with its arguments, or `…` when
    /// they are not known (an undeclared factory asked of a resolver).
    private func factory(of product: String) -> String {
        guard let arguments else { return kind == .factory ? "Factory<…, \(product)>" : product }
        return "Factory<\(arguments.names.joined(separator: ", ")), \(product)>"
    }

    /// Whether the dependant keeps what this edge gives it (for the captive check): not through
    /// a ``Provider`` or a ``Factory``, which hand instances out without keeping one, nor
    /// through a wrapper of a factory.
    var holdsInstance: Bool { arguments == nil && kind.holdsInstance }

    /// How an opaque binding declares this dependency in its `needs:`.
    var declaration: String {
        let type = factory(of: key.typeName)
        switch (kind, key.name) {
        case (.direct, nil), (.factory, nil): return "\(type).self"
        case (.direct, let name?), (.factory, let name?): return ".of(\(type).self, named: \"\(name)\")"
        case (_, nil): return "\(kind.wrapperName)<\(type)>.self"
        case (_, let name?): return ".of(\(kind.wrapperName)<\(type)>.self, named: \"\(name)\")"
        }
    }
}

extension DependencyGraph.Edge.Kind {
    /// Whether the dependant keeps what this edge gives it (for the captive check): a
    /// ``Provider`` hands out instances without keeping one.
    var holdsInstance: Bool { self != .provider && self != .factory && self != .asyncProvider }

    /// Whether the dependency is built before the dependant, so that a loop of such edges can
    /// never be built.
    var isBuiltFirst: Bool { self == .direct || self == .optional }

    /// The parameter type that makes an edge of this kind: `Provider` for `.provider`.
    var wrapperName: String {
        switch self {
        case .direct: ""
        case .provider: "Provider"
        case .lazy: "Lazy"
        case .optional: "Optional"
        case .factory: "Factory"
        case .asyncProvider: "AsyncProvider"
        case .asyncLazy: "AsyncLazy"
        }
    }
}
