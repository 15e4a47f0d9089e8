extension Injector {
    /// Checks the graph that `modules` declare under `versions` without building an injector:
    /// no factory runs, not even an eager singleton's, synchronous or asynchronous. It reports
    /// the problems that `Injector(modules:versions:)` would throw, every one at once.
    ///
    /// ```swift
    /// @Test func graphIsValid() throws {
    ///     try Injector.validate(modules: AppComposition.modules, versions: .init(default: "v2"))
    /// }
    /// ```
    /// - Throws: ``ValidationError`` listing every problem.
    public static func validate(modules: [any Module], versions: VersionSelection = .latest) throws(ValidationError) {
        let problems = problems(of: root(declare(modules), versions))
        if !problems.isEmpty { throw ValidationError(problems: problems) }
    }

    /// Checks the graph that `modules` declare under every selection it implies, without
    /// building anything: each declared version as the default, and each of those with each
    /// service that declares several versions pinned to each of its others
    /// (``VersionSelection/implied(by:)`` of ``graph(modules:versions:)``). The modules are
    /// configured once.
    ///
    /// ```swift
    /// @Test func everySelectionValidates() throws {
    ///     try Injector.validateEverySelection(modules: AppComposition.modules)
    /// }
    /// ```
    ///
    /// What it proves: each selection it lists builds (eager singletons aside, which it does not
    /// run) and resolves every key it serves. It does not check a combination of two or more
    /// per-service overrides, nor a default version that no module declares.
    /// - Returns: The selections checked, in order.
    /// - Throws: ``SelectionValidationError`` with the problems of each selection that has any.
    @discardableResult
    public static func validateEverySelection(modules: [any Module]) throws(SelectionValidationError)
        -> [VersionSelection]
    {
        let declared = declare(modules)
        let selections = VersionSelection.implied(
            byVersions: root(declared, .latest).allDeclaredVersions.mapValues { $0.map(\.text) })
        var failures: [SelectionValidationError.Failure] = []
        for selection in selections {
            let problems = problems(of: root(declared, selection))
            if !problems.isEmpty { failures.append(.init(selection: selection, problems: problems)) }
        }
        if !failures.isEmpty { throw SelectionValidationError(checked: selections, failures: failures) }
        return selections
    }

    /// Every problem of a layer's whole graph, as ``validate()`` reports them.
    static func problems(of layer: Layer) -> [GraphProblem] {
        layer.allSelectionProblems + GraphValidator.validate(layer)
    }
}
