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

    /// Checks the graph that `modules` declare under every selection: each service that
    /// declares a version taking any version the graph declares, independently of the others —
    /// every combination, proved without building anything or enumerating them. The modules are
    /// configured once.
    ///
    /// ```swift
    /// @Test func everySelectionValidates() throws {
    ///     try Injector.validateEverySelection(modules: AppComposition.modules)
    /// }
    /// ```
    ///
    /// What it proves: under every such selection, ``validate(modules:versions:)`` finds no
    /// problem — so the injector builds (eager singletons aside, which it does not run) and
    /// resolves every key it serves. Each problem comes with the selection that shows it, whose
    /// overrides are all needed to show it, and its path. It cannot check a version that no
    /// module declares, nor what factories do when they run. See "Versions" in the
    /// documentation for why checking the graph of every version's edges is exact.
    /// - Returns: What it covered: the services, the versions and how many selections.
    /// - Throws: ``SelectionValidationError`` with each selection that shows a problem.
    @discardableResult
    public static func validateEverySelection(modules: [any Module]) throws(SelectionValidationError)
        -> SelectionCoverage
    {
        let check = EveryCombination(declare(modules))
        let failures = check.failures()
        if !failures.isEmpty { throw SelectionValidationError(checked: check.coverage, failures: failures) }
        return check.coverage
    }

    /// Every problem of a layer's whole graph, as ``validate()`` reports them.
    static func problems(of layer: Layer) -> [GraphProblem] {
        layer.allSelectionProblems + GraphValidator.validate(layer)
    }
}
