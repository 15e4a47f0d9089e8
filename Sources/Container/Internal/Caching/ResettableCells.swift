/// An injector level's resettable cells by scope name: what ``Injector/reset(_:)`` and a
/// ``ScopeResetter`` empty, at this level and at every other level of the family, through the
/// ``InjectorFamily`` they share.
final class ResettableCells: Sendable {
    /// This level's cells, by scope name; read by tests of what a reset leaves behind.
    let cells: [String: [any ResettableCell]]
    /// The scope generations and the levels of the injector's family, which a reset advances
    /// and empties.
    private let family: InjectorFamily

    init(_ cells: [String: [any ResettableCell]], family: InjectorFamily) {
        self.cells = cells
        self.family = family
        if !cells.isEmpty { family.register(self) }
    }

    /// Empties `scope` at every level of the family.
    func reset(_ scope: Scope) {
        guard case .resettable(let name) = scope.kind else { return Self.checkResettable(scope) }
        family.reset(name)
    }

    /// Empties this level's cells of the scope `name`.
    func clear(_ name: String) {
        for cell in cells[name] ?? [] { cell.clear() }
    }

    /// Stops the program when `scope` cannot be reset: asking to is a programming error.
    static func checkResettable(_ scope: Scope) {
        guard case .resettable = scope.kind else {
            preconditionFailure(
                "reset(.\(scope)) asks to empty a scope that cannot be reset; only scopes made with Scope.resettable(_:), such as .session, can"
            )
        }
    }
}
