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

    init(key: ServiceKey, kind: DependencyGraph.Edge.Kind, arguments: ArgumentList? = nil, isOptional: Bool = false) {
        self.key = key
        self.kind = kind
        self.arguments = arguments
        self.isOptional = isOptional || kind == .optional
    }

    /// The dependency that a factory parameter of type `T` stands for: `T` itself, or what a
    /// ``Provider``, ``Lazy``, optional or ``Named`` parameter asks for.
    @usableFromInline
    static func of<T>(_ type: T.Type) -> Dependency {
        of(ServiceKey.of(type))
    }

    /// The dependencies that factory parameters of these types stand for, in order. A
    /// ``ScopeResetter``, which every injector makes, is no edge.
    @inlinable
    static func list<each D>(_ types: repeat (each D).Type) -> [Dependency] {
        var dependencies: [Dependency] = []
        for type in repeat each types {
            if !(type is ScopeResetter.Type) { dependencies.append(of(type)) }
        }
        return dependencies
    }

    /// The edge of a wrapper that builds `T` later (``Provider``, ``Lazy`` and their
    /// asynchronous forms): `T`'s key, and optional when `T` is.
    static func later<T>(_ type: T.Type, as kind: DependencyGraph.Edge.Kind) -> Dependency {
        let inner = of(type)
        return Dependency(key: inner.key, kind: kind, isOptional: inner.isOptional)
    }

    /// The dependency that asking for `key` stands for, as ``of(_:)`` reads a type.
    @usableFromInline
    static func of(_ key: ServiceKey) -> Dependency {
        if key.name == nil, let special = key.type as? any SpecialDependency.Type { return special.dependency }
        return Dependency(key: key, kind: .direct)
    }

    /// `Clock`, or `Provider<Clock>` for an edge through a provider.
    @usableFromInline
    var description: String {
        switch kind {
        case .direct: key.description
        case .factory: "Factory<\((arguments?.names ?? []).joined(separator: ", ")), \(key)>"
        default: "\(kind.wrapperName)<\(key)>"
        }
    }

    /// How an opaque binding declares this dependency in its `needs:`.
    var declaration: String {
        let type = key.typeName
        switch (kind, key.name) {
        case (.direct, nil): return "\(type).self"
        case (.direct, let name?): return ".of(\(type).self, named: \"\(name)\")"
        case (.factory, nil): return "Factory<\((arguments?.names ?? []).joined(separator: ", ")), \(type)>.self"
        case (_, nil): return "\(kind.wrapperName)<\(type)>.self"
        case (_, let name?): return "\(kind.wrapperName)<Named<N, \(type)>>.self (with N.name == \"\(name)\")"
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
