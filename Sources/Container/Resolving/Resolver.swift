/// What an opaque factory, `bind(P.self, needs: A.self, B.self) { resolver in ... }`, asks
/// for its dependencies.
///
/// A resolver serves only what its binding declared with `needs:`, so validation has checked
/// every edge it can follow; asking for anything else throws a ``ResolutionError`` naming the
/// binding and the fix.
public struct Resolver: Sendable {
    let table: Late<ProducerTable>
    /// The opaque binding this resolver serves, with its declared dependencies.
    let binding: Binding

    @usableFromInline
    init(table: Late<ProducerTable>, binding: Binding) {
        self.table = table
        self.binding = binding
    }

    /// The instance bound to `type`, which the binding must declare in `needs:`; a
    /// `Provider<T>` or `Lazy<T>` when that is what it declared; a ``ScopeResetter`` undeclared.
    /// - Throws: ``ResolutionError`` when the type is not declared or cannot be built.
    public func resolve<T: Sendable>(_ type: T.Type = T.self) throws(ResolutionError) -> T {
        try resolve(Dependency.of(type), as: type)
    }

    /// The instance bound to `type` under `name`, which the binding must declare in `needs:`
    /// as `.of(T.self, named: name)`; `T?`, `Provider<T>` or `Lazy<T>` of that binding when it
    /// declared `.of(Provider<T>.self, named: name)` and so on.
    /// - Throws: ``ResolutionError`` when the key is not declared or cannot be built.
    public func resolve<T: Sendable>(_ type: T.Type = T.self, named name: String) throws(ResolutionError) -> T {
        try resolve(Dependency.of(.of(type, named: name)), as: type, named: name)
    }

    private func resolve<T: Sendable>(
        _ dependency: Dependency, as type: T.Type,
        named name: String? = nil
    ) throws(ResolutionError) -> T {
        // What every injector gives, which is no edge, needs no declaration: a ScopeResetter,
        // the one such type.
        if !dependency.isEdge { return ScopeResetter(table: table) as! T }
        guard binding.dependencies.contains(dependency) else {
            throw ResolutionError(
                .undeclared(dependency.key, kind: dependency.kind), key: binding.key,
                path: [PathStep(binding)])
        }
        guard let table = table.target else { throw ResolutionError(.injectorReleased, key: dependency.key) }
        return try table.resolveOnDemand(type, named: name)
    }
}
