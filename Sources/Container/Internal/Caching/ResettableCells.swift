/// An injector level's resettable cells by scope name, over its parent's: what
/// ``Injector/reset(_:)`` and a ``ScopeResetter`` empty.
final class ResettableCells: Sendable {
    /// This level's cells, by scope name; read by tests of what a reset leaves behind.
    let cells: [String: [any ResettableCell]]
    private let parent: ResettableCells?
    /// The scope generations of the injector's family, which a reset advances, so a child's
    /// cells (which this level does not list) serve nothing built before it either.
    private let scopes: ScopeRegistry

    init(_ cells: [String: [any ResettableCell]], parent: ResettableCells?, scopes: ScopeRegistry) {
        self.cells = cells
        self.parent = parent
        self.scopes = scopes
    }

    /// Empties `scope` here and at every level above.
    func reset(_ scope: Scope) {
        guard case .resettable(let name) = scope.kind else { return Self.checkResettable(scope) }
        scopes.advance(name)
        var level: ResettableCells? = self
        while let current = level {
            for cell in current.cells[name] ?? [] { cell.clear() }
            level = current.parent
        }
    }

    /// Stops the program when `scope` cannot be reset: asking to is a programming error.
    static func checkResettable(_ scope: Scope) {
        guard case .resettable = scope.kind else {
            preconditionFailure("reset(.\(scope)) asks to empty a scope that cannot be reset; only scopes made with Scope.resettable(_:), such as .session, can")
        }
    }
}
