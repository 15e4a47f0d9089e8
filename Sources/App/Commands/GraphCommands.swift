import Container
import Protocols

/// graph and check: the container's introspection, on the app's own graph.
enum GraphCommands {
    static func graph(_ context: CommandContext) throws(Failure) -> Report {
        let name = context.command.value("--format") ?? "text"
        guard let format = DependencyGraph.Format(rawValue: name) else {
            throw context.usage("--format \(DisplayText.quoted(name)): the formats are \(DependencyGraph.Format.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        let rendered = context.injector.graph.rendered(as: format)
        return Report([rendered], [("format", .string(name)), ("graph", format == .json ? .encoded(rendered) : .string(rendered))])
    }

    /// Every selection the CLI can make: each version for everything, and each service pinned to
    /// the other version.
    static var selections: [VersionSelection] {
        VersionArguments.versions.flatMap { base in
            [VersionSelection(default: base)] + VersionArguments.services.flatMap { service in
                VersionArguments.versions.filter { $0 != base }.map { VersionSelection(default: base, overrides: [service.key: $0]) }
            }
        }
    }

    static func check(_ context: CommandContext) throws(Failure) -> Report {
        var lines: [String] = []
        var failures: [String] = []
        for selection in selections {
            do {
                try CompositionRoot.injector(context.settings, versions: selection, validating: false).validate()
                lines.append("ok  \(selection)")
            } catch {
                lines.append("FAIL  \(selection)")
                failures.append("versions \(selection):\n\(error)")
            }
        }
        guard failures.isEmpty else {
            if !context.settings.json { try? context.console.out(lines.joined(separator: "\n")) }
            throw Failure(failures.joined(separator: "\n\n"), exitCode: 1, kind: "invalid graph")
        }
        lines.append("All \(selections.count) version selections validate.")
        return Report(lines, [("selections", .array(selections.map { .string($0.description) }))])
    }
}
