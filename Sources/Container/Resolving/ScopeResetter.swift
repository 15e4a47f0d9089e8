/// Empties a resettable scope from inside the graph: inject it into the service that ends what
/// the scope holds, such as a logout that ends the session.
///
/// ```swift
/// final class LogoutService: Sendable {
///     private let scopes: ScopeResetter
///     init(scopes: ScopeResetter) { self.scopes = scopes }
///     func logOut() { scopes.reset(.session) }   // the next request builds a new session
/// }
/// ```
///
/// Every injector makes one for any factory that takes it as a parameter: nothing binds it,
/// and it is not an edge of the graph. It can reset a scope and do nothing else — it gives no
/// access to the injector's other bindings — and it holds its injector weakly, so a
/// session-scoped service that keeps one makes no retain cycle. A reset through it is
/// ``Injector/reset(_:)`` of the injector that built the service: the scope is emptied for
/// the whole family of injectors (parent and children).
///
/// Take it as a plain parameter; it is never wrapped in ``Provider``, ``Lazy``, `Optional` or
/// ``Named``, and an opaque factory gets it from its resolver without declaring it.
public struct ScopeResetter: Sendable {
    private let perform: @Sendable (Scope) -> Void

    /// A resetter that calls `reset`, for constructing a dependant by hand in a test.
    public init(_ reset: @escaping @Sendable (Scope) -> Void) {
        perform = reset
    }

    init(table: Late<ProducerTable>) {
        perform = { scope in table.target?.reset(scope) }
    }

    /// Empties `scope` as ``Injector/reset(_:)`` does; once the injector is released there is
    /// nothing left to empty, and this does nothing.
    /// - Precondition: `scope` is a resettable scope, such as ``Scope/session``.
    public func reset(_ scope: Scope) {
        scope.checkResettable()
        perform(scope)
    }
}

extension ScopeResetter: SpecialDependency {
    /// Not an edge: ``Dependency/list(_:)`` leaves it out, and only a wrapper asks for it as one.
    static var dependency: Dependency { Dependency(key: .of(ScopeResetter.self), kind: .direct, isEdge: false) }

    static func producer(compiledBy compiler: Compiler) -> Producer<Self> {
        let resetter = ScopeResetter(table: compiler.table)
        return Producer { () throws(ResolutionError) -> Self in resetter }
    }

    /// The injector's resetter, whatever name it is asked under: there is only one.
    static func resolve(from table: ProducerTable, named _: String?) throws(ResolutionError) -> Self {
        ScopeResetter(table: table.reference)
    }
}
