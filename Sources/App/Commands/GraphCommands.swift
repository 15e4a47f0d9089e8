import Container
import Foundation
import Protocols
import TextRules

/// graph, explain and check: the container's introspection, on the app's own graph.
enum GraphCommands {
    static func graph(_ context: CommandContext) throws(Failure) -> Report {
        if let path = context.command.value("--compare") { return try compare(context, with: path) }
        let name = context.command.value("--format") ?? "text"
        if name == "snapshot" {
            let text = try snapshotText(context.injector.graph.snapshot)
            return Report([text], [("format", .string(name)), ("graph", .encoded(text))])
        }
        guard let format = DependencyGraph.Format(rawValue: name) else {
            let names = DependencyGraph.Format.allCases.map(\.rawValue) + ["snapshot"]
            throw context.usage(
                "--format \(DisplayText.quoted(name)): the formats are \(names.joined(separator: ", "))")
        }
        let rendered = context.injector.graph.rendered(as: format)
        return Report(
            [rendered],
            [("format", .string(name)), ("graph", format == .json ? .encoded(rendered) : .string(rendered))])
    }

    /// The snapshot as its file holds it: pretty, keys sorted, so that it diffs line by line.
    static func snapshotText(_ snapshot: GraphSnapshot) throws(Failure) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            return String(decoding: try encoder.encode(snapshot), as: UTF8.self)
        } catch {
            throw Failure("cannot write the graph's snapshot: \(error)", exitCode: 70, kind: "internal")
        }
    }

    /// The largest snapshot `--compare` reads: far above any app's graph, far below a memory problem.
    static let snapshotLimit = 8 << 20

    /// Compares the composed graph with a snapshot saved by `graph --format snapshot`: exit 0
    /// when nothing changed, 1 with each change when something did, 65 when the file cannot be read.
    private static func compare(_ context: CommandContext, with path: String) throws(Failure) -> Report {
        let saved = try readSnapshot(path)
        let current = context.injector.graph.snapshot
        let changes = current.changes(from: saved)
        let shown = shownPath(path)
        // What an older file does not record is a note, never a change: it still passes.
        let notes = current.notCompared(with: saved).map { "note: \($0)" }
        guard changes.isEmpty else {
            if !context.settings.json {
                try? context.console.out((changes.map(\.description) + notes).joined(separator: "\n"))
            }
            let count = changes.count == 1 ? "1 change" : "\(changes.count) changes"
            throw Failure(
                "the graph differs from \(shown): \(count); write it again with graft graph --format snapshot > \(shown) if they are meant",
                exitCode: 1, kind: "graph changed")
        }
        return Report(
            ["No change from \(shown) (\(saved.services.count) services)."] + notes,
            [
                ("compared", .string(path)), ("changes", .array([])),
                ("notCompared", .array(current.notCompared(with: saved).map(JSONValue.string))),
            ])
    }

    /// A path the person gave, whole (a cut path names no file), without control characters.
    private static func shownPath(_ path: String) -> String {
        "'\(DisplayText.cleaned(path, limit: 4_096))'"
    }

    private static func readSnapshot(_ path: String) throws(Failure) -> GraphSnapshot {
        let shown = shownPath(path)
        func unreadable(_ reason: String) -> Failure {
            Failure("cannot read the graph snapshot \(shown): \(reason)", exitCode: 65, kind: "local state")
        }
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
            throw unreadable("it is a folder; give the file saved by graft graph --format snapshot")
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw unreadable(FileManager.default.fileExists(atPath: path) ? "it cannot be opened" : "no such file")
        }
        defer { try? handle.close() }
        let data: Data
        do {
            data = try handle.read(upToCount: snapshotLimit + 1) ?? Data()
        } catch {
            throw unreadable("it cannot be read")
        }
        guard data.count <= snapshotLimit else {
            throw unreadable("it is larger than \(snapshotLimit >> 20) MiB, so no snapshot")
        }
        struct Schema: Decodable { let schema: Int }
        let snapshot: GraphSnapshot
        do {
            let schema = try JSONDecoder().decode(Schema.self, from: data).schema
            let readable = GraphSnapshot.readableSchemas
            guard readable.contains(schema) else {
                throw unreadable(
                    "it is a snapshot of schema \(schema), and this graft reads schemas \(readable.lowerBound) to \(readable.upperBound); write it again with graft graph --format snapshot"
                )
            }
            snapshot = try JSONDecoder().decode(GraphSnapshot.self, from: data)
        } catch let failure as Failure {
            throw failure
        } catch let error as DecodingError {
            guard case .undecodableBody(let field, let reason) = TransportError(error, decoding: data) else {
                throw unreadable("not a snapshot")
            }
            throw unreadable(
                field == "body" ? "\(reason); write it with graft graph --format snapshot" : "\(field): \(reason)")
        } catch {
            throw unreadable("not a snapshot")
        }
        if let (index, service) = snapshot.services.enumerated().first(where: { !isScope($0.element.scope) }) {
            throw unreadable(
                "services[\(index)].scope: \"\(DisplayText.escaped(service.scope.description))\" is not a scope of graft's; its scopes are \(scopes.map(\.description).joined(separator: ", ")) and forwards to a service"
            )
        }
        return snapshot
    }

    /// The scopes a snapshot of graft's graph may name: the container's own, graft's session
    /// scope, and `instance` for a value bound as one; a type served through `.implements`
    /// reads `forwards to` its source. A snapshot naming another was not written by graft.
    private static let scopes =
        [Scope.transient, .weak, .session, .singleton, .eagerSingleton].map(ServiceLifetime.scope) + [.instance]

    private static func isScope(_ lifetime: ServiceLifetime) -> Bool {
        if case .forwards(let source) = lifetime { return !source.isEmpty }
        return scopes.contains(lifetime)
    }

    /// The container's ``Explanation`` of one service of the graph, for the selected versions.
    static func explain(_ context: CommandContext) throws(Failure) -> Report {
        let name = context.command.arguments[0]
        let graph = context.injector.graph
        guard let key = graph.key(displayedAs: name), key == ServiceKey.of(key.type, named: key.name) else {
            let names = explainable(graph).map(\.description)
            let closest = ArgumentParser.nearest(name, among: names)
            throw Failure(
                UsageError(
                    "unknown service \(DisplayText.quoted(name)); the services are \(names.joined(separator: ", "))",
                    path: context.command.path, suggestion: closest.map { "Did you mean '\($0)'?" }))
        }
        let explanation = context.injector.explain(key)
        return Report([explanation.description], fields(of: explanation))
    }

    /// The keys `explain` takes: every binding of the graph except a multibinding's single
    /// contributions, which the explanation of their collection lists, then the keys bound but
    /// not served under the selection, whose explanation says why.
    static func explainable(_ graph: DependencyGraph) -> [ServiceKey] {
        (graph.nodes.map(\.key) + graph.notServed.map(\.key)).filter { $0 == ServiceKey.of($0.type, named: $0.name) }
    }

    private static func fields(of explanation: Explanation) -> [(String, JSONValue)] {
        func strings(_ values: [String]) -> JSONValue { .array(values.map(JSONValue.string)) }
        func optional(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
        let binding: JSONValue =
            explanation.binding.map { node in
                .object([
                    ("site", .string(node.site.description)), ("version", optional(node.version)),
                    ("fallbackFor", optional(node.fallbackFor)), ("scope", .string(node.scope.description)),
                    ("liveOnly", .bool(node.isLiveOnly)), ("forwardsTo", optional(node.forwardsTo?.description)),
                    ("decorators", strings(node.decorators.map(\.description))),
                    ("arguments", node.arguments.map(strings) ?? .null),
                    ("asynchronous", .bool(node.isAsynchronous)),
                    ("awaits", optional(node.asynchronousDependency?.description)),
                ])
            } ?? .null
        return [
            ("service", .string(explanation.key.description)), ("binding", binding),
            ("why", .string(explanation.reason)),
            ("candidates", strings(explanation.candidates.map(\.description))),
            (
                "needs",
                .array(
                    explanation.dependencies.map { edge in
                        .object([("service", .string(edge.to.description)), ("kind", .string(edge.kind.rawValue))])
                    })
            ),
            ("items", strings(explanation.items.map(\.description))), ("refused", .bool(explanation.isRefused)),
        ]
    }

    /// Validates the composed graph under every combination of its versions, without building
    /// it: no factory runs, so `backend.json` is neither opened nor created.
    static func check(_ settings: Settings, console: any Console) throws(Failure) -> Report {
        let modules = CompositionRoot.modules(settings)
        let checked: SelectionCoverage
        do {
            checked = try Injector.validateEverySelection(modules: modules)
        } catch {
            throw Failure(error.description, exitCode: 1, kind: "invalid graph")
        }
        let lines = ["\(checked.description.prefix(1).uppercased())\(checked.description.dropFirst()) validates."]
        return Report(
            lines,
            [
                ("versions", .array(checked.versions.map(JSONValue.string))),
                ("services", .array(checked.services.map { .string($0.description) })),
                ("selections", .string(checked.combinations.digits)),
            ])
    }
}
