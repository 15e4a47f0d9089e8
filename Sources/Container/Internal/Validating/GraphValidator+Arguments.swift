/// The check that every edge asks for its target with the run-time arguments it takes.
extension GraphValidator {
    /// Every edge asks for its target in the form the target's binding serves: through a
    /// ``Factory`` with the binding's argument types when it has any, plainly when not. Asked
    /// only when ``mayMismatchArguments``.
    mutating func checkArguments() {
        for (node, binding) in bindings.enumerated() {
            if binding.arguments != nil, binding.scope.kind == .eagerSingleton {
                found.append(
                    GraphProblem(
                        .runTimeArguments,
                        "eager singleton \(binding.key) takes run-time arguments, so it cannot be built before they are known",
                        subject: binding.key,
                        path: Path([PathStep(binding)]),
                        fix:
                            "give \(binding.key) the scope .singleton, which keeps one instance per distinct argument value"
                    ))
            }
            for edge in edges(of: node) {
                let dependency = binding.dependencies[edge - edgeStart[node]]
                guard let target = target(of: edge) else { continue }
                // Only an edge through a ``Factory``, wrapped or not, passes arguments.
                guard dependency.arguments != target.arguments else { continue }
                findPaths()
                found.append(
                    Self.argumentProblem(
                        binding, asks: dependency, of: target,
                        path: path(to: node).appending(PathStep(target))))
            }
        }
    }

    static func argumentProblem(
        _ binding: Binding, asks dependency: Dependency, of target: Binding,
        path: Path
    ) -> GraphProblem {
        let notes = ["\(target.key) declared at \(target.site)"]
        guard let expected = target.arguments else {
            return GraphProblem(
                .runTimeArguments,
                "\(binding.key) injects \(dependency), but \(target.key) takes no run-time arguments",
                subject: binding.key, related: [target.key], path: path, notes: notes,
                fix:
                    "inject \(target.key.typeName) or Provider<\(target.key.typeName)>, or bind \(target.key) with arguments:"
            )
        }
        let factory = "Factory<\(expected.names.joined(separator: ", ")), \(target.key.typeName)>"
        guard let given = dependency.arguments else {
            return GraphProblem(
                .runTimeArguments,
                "\(binding.key) needs \(dependency), but \(target.key) takes run-time arguments \(expected)",
                subject: binding.key, related: [target.key], path: path, notes: notes,
                fix: "inject \(factory) and call it with the arguments")
        }
        return GraphProblem(
            .runTimeArguments,
            "\(binding.key) injects \(dependency), but \(target.key) takes run-time arguments \(expected)",
            subject: binding.key, related: [target.key], path: path, notes: notes,
            fix: "inject \(factory), or bind \(target.key) with arguments \(given)")
    }
}
