/// The checks of what must be awaited or built on the main actor.
extension GraphValidator {
    /// Reports every edge on which a binding builds what it needs synchronously where that
    /// cannot be done: a dependency built first by a factory that cannot await, or a
    /// ``Provider`` or ``Lazy`` of it, which its holder may call anywhere.
    ///
    /// - An asynchronous target can never be built so: the factory cannot await it (an opaque
    ///   factory, a binding with run-time arguments), or the wrapper cannot.
    /// - A main-actor target held by a binding that is not isolated to the main actor is an
    ///   isolation captive: its holder might build it anywhere.
    ///
    /// An asynchronous holder awaits what it needs built first, which hops to the main actor
    /// too; an ``AsyncProvider`` or ``AsyncLazy`` awaits. A binding a strict child refuses is
    /// never built, as holder or as held. Each binding's asynchrony is settled once by the
    /// layer, so this pass is linear too; asynchronous problems come first, then isolation ones.
    mutating func checkSynchronousBuilds(
        _ asynchrony: (ServiceKey) -> Asynchrony, refused: (ServiceKey) -> Bool,
        isMainActor: (Binding) -> Bool
    ) {
        // Its reports name paths; only a graph with an asynchronous or main-actor binding gets here.
        findPaths()
        // One problem per main-actor key held and way of holding it (plainly, or through a
        // Provider or Lazy, whose fixes differ), the first holder's, with the others counted:
        // an app target whose plain structs hold one main-actor client gets one problem, not
        // one per struct.
        var isolationProblems: [GraphProblem] = []
        var holders: [HeldWay: (problem: Int, others: [ServiceKey])] = [:]
        for (node, binding) in bindings.enumerated() where !refused(binding.key) {
            var holderAwaits: Bool?
            for (offset, dependency) in binding.dependencies.enumerated() {
                let through = dependency.kind == .provider || dependency.kind == .lazy
                let edge = edgeStart[node] + offset
                guard through || dependency.kind.isBuiltFirst, let held = target(of: edge) else { continue }
                let isAsynchronous = asynchrony(dependency.key).isAsynchronous
                guard isAsynchronous || (isMainActor(held) && !isMainActor(binding) && !refused(dependency.key)) else {
                    continue
                }
                if !through {
                    if holderAwaits == nil { holderAwaits = asynchrony(binding.key).isAsynchronous }
                    if holderAwaits == true { continue }
                }
                if isAsynchronous {
                    found.append(
                        asynchronousProblem(
                            node, needs: dependency, target: targets[edge], viaWrapper: through, asynchrony: asynchrony)
                    )
                } else {
                    let holding = HeldWay(key: held.key, throughWrapper: through)
                    if holders[holding] != nil {
                        holders[holding]!.others.append(binding.key)
                        continue
                    }
                    holders[holding] = (isolationProblems.count, [])
                    isolationProblems.append(
                        isolationProblem(
                            binding, holds: dependency, of: held, path: path(to: node).appending(PathStep(held))))
                }
            }
            checkDecoratorAwaits(node, asynchrony)
        }
        for (problem, others) in holders.values where !others.isEmpty {
            isolationProblems[problem] = isolationProblems[problem].adding(
                notes: Diagnostic.alsoNeededNote(by: others, verb: "held"))
        }
        found += isolationProblems
    }

    /// A decorator is called synchronously on the instance it wraps, even when the binding is
    /// built with `await`: it cannot await a dependency built first.
    private mutating func checkDecoratorAwaits(_ node: Int, _ asynchrony: (ServiceKey) -> Asynchrony) {
        let binding = bindings[node]
        for decorator in binding.decorators {
            for dependency in decorator.dependencies
            where dependency.kind.isBuiltFirst && asynchrony(dependency.key).isAsynchronous {
                found.append(
                    GraphProblem(
                        .asynchronousDependency,
                        "the decorator of \(binding.key) needs \(dependency.key), which is asynchronous, but a decorator is called synchronously",
                        subject: binding.key, related: [dependency.key],
                        path: path(to: node),
                        notes: [
                            decorator.id.map { "decorator \"\($0)\" declared at \(decorator.site)" }
                                ?? "decorator declared at \(decorator.site)",
                            cause(of: dependency.key, asynchrony),
                        ],
                        fix:
                            "inject AsyncProvider<\(dependency.key.typeName)> into the decorator, for the wrapper to await when it needs it, or make \(dependency.key) synchronous"
                    ))
            }
        }
    }

    /// A decorator isolated to the main actor runs where the binding's factory runs, after it:
    /// on the main actor only when that factory is synchronous and isolated there.
    mutating func checkMainActorDecorators(isMainActor: (Binding) -> Bool) {
        // Most bindings have no decorator: one test each, before anything else is asked.
        for binding in bindings where !binding.decorators.isEmpty {
            guard !(isMainActor(binding) && !binding.recipe.isAsync) else { continue }
            for decorator in binding.decorators where decorator.isMainActor {
                found.append(
                    GraphProblem(
                        .isolationCaptive,
                        "isolation captive: \(binding.key) is not built by a synchronous factory on the main actor, but its decorator is isolated to the main actor",
                        subject: binding.key, path: Path([PathStep(binding)]), pathLabel: "binding",
                        notes: ["decorator declared at \(decorator.site)"],
                        fix:
                            "bind \(binding.key.typeName) on the main actor: to a @MainActor initializer, bind(\(binding.key.typeName).self, to: Impl.init), to a closure that says so, bind(\(binding.key.typeName).self) { @MainActor in … }, or with bind(_:onMainActor:); or make the decorator not isolated"
                    ))
            }
        }
    }

    /// A main-actor key as its holders hold it: plainly (as itself or an optional), or through a
    /// `Provider` or `Lazy`; the isolation problems of one are one problem.
    struct HeldWay: Hashable {
        let key: ServiceKey
        let throughWrapper: Bool
    }

    /// The note that says why `key` is asynchronous.
    func cause(of key: ServiceKey, _ asynchrony: (ServiceKey) -> Asynchrony) -> String {
        switch asynchrony(key) {
        case .dependency(let next):
            "note: \(key) is asynchronous because it needs \(next), built first, which is asynchronous"
        default: "note: \(key) is asynchronous because its factory is async"
        }
    }

    func asynchronousProblem(
        _ node: Int, needs dependency: Dependency, target: Int, viaWrapper: Bool,
        asynchrony: (ServiceKey) -> Asynchrony
    ) -> GraphProblem {
        let binding = bindings[node]
        let key = dependency.key
        var steps = path(to: node)
        if target >= 0 { steps = steps.appending(PathStep(bindings[target])) }
        let cause = cause(of: key, asynchrony)
        if viaWrapper {
            return GraphProblem(
                .asynchronousDependency,
                "\(binding.key) needs \(dependency), but \(key) is asynchronous, so the \(dependency.kind.wrapperName) could never build it",
                subject: binding.key, related: [key],
                path: steps, notes: [cause],
                fix: "inject AsyncProvider<\(key.typeName)> instead, and await it where \(binding.key.typeName) uses it"
            )
        }
        let why =
            binding.isOpaque
            ? "it is an opaque factory, whose Resolver is synchronous"
            : binding.arguments != nil
                ? "it takes run-time arguments, and its Factory is synchronous"
                : "its factory cannot await"
        return GraphProblem(
            .asynchronousDependency,
            "\(binding.key) needs \(key), which is asynchronous, but \(binding.key) cannot await it: \(why)",
            subject: binding.key, related: [key],
            path: steps, notes: [cause],
            fix:
                "inject AsyncProvider<\(key.typeName)> into \(binding.key.typeName) and await it when needed, or make \(key) synchronous"
        )
    }

    func isolationProblem(
        _ binding: Binding, holds dependency: Dependency, of held: Binding,
        path: Path
    ) -> GraphProblem {
        let key = held.key
        let how =
            dependency.kind == .provider || dependency.kind == .lazy
            ? "holds \(dependency), which builds @MainActor \(key) wherever \(binding.key) calls it"
            : "holds @MainActor \(key), which it could build only on the main actor"
        return GraphProblem(
            .isolationCaptive, "isolation captive: \(binding.key) is not isolated to the main actor, but \(how)",
            subject: binding.key, related: [key],
            path: path,
            fix:
                "inject AsyncProvider<\(key.typeName)> or AsyncLazy<\(key.typeName)> into \(binding.key.typeName) and await it, or isolate \(binding.key.typeName) to the main actor too with bind(\(binding.key.typeName).self, onMainActor: ...)"
        )
    }
}
