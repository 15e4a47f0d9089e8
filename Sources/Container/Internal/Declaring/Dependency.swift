/// One edge of the graph, from a binding to what it needs.
@usableFromInline
struct Dependency: Hashable, Sendable {
    let key: ServiceKey
    let kind: DependencyGraph.Edge.Kind

    /// The dependency that a factory parameter of type `T` stands for: `T` itself, or the type
    /// a ``Provider`` or ``Lazy`` builds.
    @usableFromInline
    static func of<T>(_ type: T.Type) -> Dependency {
        of(ServiceKey.of(type))
    }

    /// The dependency that asking for `key` stands for, as ``of(_:)`` reads a type.
    @usableFromInline
    static func of(_ key: ServiceKey) -> Dependency {
        if key.name == nil, let special = key.type as? any SpecialDependency.Type { return special.dependency }
        return Dependency(key: key, kind: .direct)
    }
}

extension DependencyGraph.Edge.Kind {
    /// Whether the dependant keeps what this edge gives it (for the captive check): a
    /// ``Provider`` hands out instances without keeping one.
    var holdsInstance: Bool { self != .provider }
}
