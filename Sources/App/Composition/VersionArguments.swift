import Client
import Container
import Foundation
import Protocols
import TextRules

/// Turns `--impl` flags and `GRAFT_IMPL` into a version selection.
///
/// Precedence, lowest first: the build's default (``CompositionRoot/defaultGeneration``), then
/// `GRAFT_IMPL`, then `--impl` flags in order. Each value is `v1`/`v2` for every service, or
/// `Service=version` for one; per-service values on the build's default keep it the build's,
/// so `explain` says which choice came from where.
enum VersionArguments {
    /// The graph of the generation modules, whose versions and versioned services a selection
    /// may name: a new generation's module adds its version and services without an edit here.
    /// Only declared, never built: no factory runs and nothing is validated.
    static let graph = Injector.graph(modules: CompositionRoot.generations)

    /// The customer flows bring their login chain: each generation contributes its links, so
    /// pinning the flows pins the links with them.
    static let companions: [ServiceKey: [ServiceKey]] = [.of((any CustomerLogic).self): [.of((any LoginLink).self)]]

    static func selection(flags: [String], environment: String?, path: [String]) throws(UsageError) -> VersionSelection
    {
        var defaultVersion: String?
        var overrides: [ServiceKey: String] = [:]
        // Each value may hold several entries, as a selection's description writes them:
        // `v1 (CartService=v2)`, `v2,CartService=v1`.
        for (value, source) in [(environment ?? "", "GRAFT_IMPL")] + flags.map({ ($0, "--impl") }) {
            do {
                for entry in try VersionSelection.Entry.list(parsing: value, in: graph) {
                    switch entry {
                    case .defaultVersion(let version):
                        defaultVersion = version
                        overrides = [:]
                    case .override(let service, let version):
                        for key in [service] + (companions[service] ?? []) { overrides[key] = version }
                    }
                }
            } catch {
                throw usage(error, source: source, path: path)
            }
        }
        guard let defaultVersion else { return .buildDefault(CompositionRoot.defaultGeneration, overrides: overrides) }
        return VersionSelection(default: defaultVersion, overrides: overrides)
    }

    /// The usage error for an entry the container could not read, worded from its typed reason
    /// so that what the person typed is quoted safely.
    private static func usage(_ error: SelectionParseError, source: String, path: [String]) -> UsageError {
        let problem: String
        var suggestion: String?
        switch error.reason {
        case .empty(let known):
            problem = "no version; the versions are \(known.joined(separator: ", "))"
        case .missingVersion(let known):
            problem = "the version is missing after '='; the versions are \(known.joined(separator: ", "))"
        case .missingService:
            problem = "the service is missing before '='; write Service=version, such as CartService=v2"
        case .malformedVersion(let version), .unknownVersion(let version, _):
            problem =
                "unknown version \(DisplayText.quoted(version)); the versions are \(graph.boundVersions.joined(separator: ", "))"
        case .unknownService(let name, let known):
            problem = "unknown service \(DisplayText.quoted(name)); the services are \(known.joined(separator: ", "))"
            suggestion = error.suggestedService.map { "Did you mean '\($0)'?" }
        }
        return UsageError(
            "\(source) \(DisplayText.quoted(error.entry)): \(problem)", path: path, suggestion: suggestion)
    }
}
