import Container
import Protocols

/// graph, explain and check: the container's introspection, on the app's own graph.
enum GraphCommands {
    static func graph(_ context: CommandContext) throws(Failure) -> Report {
        let name = context.command.value("--format") ?? "text"
        guard let format = DependencyGraph.Format(rawValue: name) else {
            throw context.usage("--format \(DisplayText.quoted(name)): the formats are \(DependencyGraph.Format.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        let rendered = context.injector.graph.rendered(as: format)
        return Report([rendered], [("format", .string(name)), ("graph", format == .json ? .encoded(rendered) : .string(rendered))])
    }

    /// The container's ``Explanation`` of one service of the graph, for the selected versions.
    static func explain(_ context: CommandContext) throws(Failure) -> Report {
        let name = context.command.arguments[0]
        let graph = context.injector.graph
        guard let key = graph.key(displayedAs: name), key == ServiceKey.of(key.type, named: key.name) else {
            let names = explainable(graph).map(\.description)
            let closest = ArgumentParser.nearest(name, among: names)
            throw Failure(UsageError("unknown service \(DisplayText.quoted(name)); the services are \(names.joined(separator: ", "))",
                                     path: context.command.path, suggestion: closest.map { "Did you mean '\($0)'?" }))
        }
        let explanation = explanation(of: key, in: context.injector)
        return Report([explanation.description], fields(of: explanation))
    }

    /// The keys `explain` takes: every binding of the graph except a multibinding's single
    /// contributions, which the explanation of their collection lists, then the keys bound but
    /// not served under the selection, whose explanation says why.
    static func explainable(_ graph: DependencyGraph) -> [ServiceKey] {
        (graph.nodes.map(\.key) + graph.notServed.map(\.key)).filter { $0 == ServiceKey.of($0.type, named: $0.name) }
    }

    /// Opens the key's type, because the container explains a type, not a key.
    private static func explanation(of key: ServiceKey, in injector: Injector) -> Explanation {
        func explain<T>(_ type: T.Type) -> Explanation { injector.explain(type, named: key.name) }
        return explain(key.type)
    }

    private static func fields(of explanation: Explanation) -> [(String, JSONValue)] {
        func strings(_ values: [String]) -> JSONValue { .array(values.map(JSONValue.string)) }
        func optional(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
        let binding: JSONValue = explanation.binding.map { node in
            .object([
                ("site", .string(node.site.description)), ("version", optional(node.version)),
                ("fallbackFor", optional(node.fallbackFor)), ("scope", .string(node.scope.description)),
                ("liveOnly", .bool(node.isLiveOnly)), ("forwardsTo", optional(node.forwardsTo?.description)),
                ("decorators", strings(node.decorators.map(\.description))), ("arguments", node.arguments.map(strings) ?? .null),
                ("asynchronous", .bool(node.isAsynchronous)), ("awaits", optional(node.asynchronousDependency?.description)),
            ])
        } ?? .null
        return [
            ("service", .string(explanation.key.description)), ("binding", binding), ("why", .string(explanation.reason)),
            ("candidates", strings(explanation.candidates.map(\.description))),
            ("needs", .array(explanation.dependencies.map { edge in
                .object([("service", .string(edge.to.description)), ("kind", .string(edge.kind.rawValue))])
            })),
            ("items", strings(explanation.items.map(\.description))), ("refused", .bool(explanation.isRefused)),
        ]
    }

    /// Validates the composed graph under every selection it implies, without building it: no
    /// factory runs, so `backend.json` is neither opened nor created.
    static func check(_ settings: Settings, console: any Console) throws(Failure) -> Report {
        let modules = CompositionRoot.modules(settings)
        let checked: [VersionSelection]
        var failures: [SelectionValidationError.Failure] = []
        do {
            checked = try Injector.validateEverySelection(modules: modules)
        } catch {
            checked = error.checked
            failures = error.failures
        }
        let failed = Set(failures.map(\.selection.description))
        var lines = checked.map { failed.contains($0.description) ? "FAIL  \($0)" : "ok  \($0)" }
        guard failures.isEmpty else {
            if !settings.json { try? console.out(lines.joined(separator: "\n")) }
            throw Failure(failures.map(\.description).joined(separator: "\n\n"), exitCode: 1, kind: "invalid graph")
        }
        lines.append("All \(checked.count) version selections validate.")
        return Report(lines, [("selections", .array(checked.map { .string($0.description) }))])
    }
}
