import Client
import Container
import Foundation
import Protocols

/// Turns `--impl` flags and `GRAFT_IMPL` into a version selection.
///
/// Precedence, lowest first: the build's default (``CompositionRoot/defaultGeneration``), then
/// `GRAFT_IMPL`, then `--impl` flags in order. Each value is `v1`/`v2` for every service, or
/// `Service=version` for one; per-service values on the build's default keep it the build's,
/// so `explain` says which choice came from where.
enum VersionArguments {
    /// The versions the generation modules bind, lowest first, read from their graph: a new
    /// generation's module adds its version here without an edit.
    static let versions: [String] = {
        (try? Injector(modules: CompositionRoot.generations, validating: false))?.graph.boundVersions ?? []
    }()

    /// The services a selection may name, each with the keys its version selects: the
    /// customer flows include their login chain, whose links each generation contributes.
    static let services: [(name: String, keys: [ServiceKey])] = [
        ("CustomerLogic", [.of((any CustomerLogic).self), .of((any LoginLink).self)]),
        ("CartService", [.of((any CartService).self)]),
        ("WishlistService", [.of((any WishlistService).self)]),
        ("ProductCatalog", [.of((any ProductCatalog).self)]),
    ]

    /// The overrides that pin `service` to `version`.
    static func pinning(_ service: (name: String, keys: [ServiceKey]), to version: String) -> [ServiceKey: String] {
        Dictionary(uniqueKeysWithValues: service.keys.map { ($0, version) })
    }

    static func selection(flags: [String], environment: String?, path: [String]) throws(UsageError) -> VersionSelection {
        var defaultVersion: String?
        var overrides: [ServiceKey: String] = [:]
        let fromEnvironment = (environment ?? "").split(whereSeparator: { $0 == "," || $0 == " " }).map(String.init)
        for (value, source) in fromEnvironment.map({ ($0, "GRAFT_IMPL") }) + flags.map({ ($0, "--impl") }) {
            let parts = value.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            let version = parts.last ?? ""
            if parts.count == 2 && parts[0].isEmpty {
                throw UsageError("\(source) \(DisplayText.quoted(value)): the service is missing before '='; write Service=version, such as CartService=v2", path: path)
            }
            if parts.count == 2 && version.isEmpty {
                throw UsageError("\(source) \(DisplayText.quoted(value)): the version is missing after '='; the versions are \(versions.joined(separator: ", "))", path: path)
            }
            guard versions.contains(version) else {
                throw UsageError("\(source) \(DisplayText.quoted(value)): unknown version \(DisplayText.quoted(version)); the versions are \(versions.joined(separator: ", "))", path: path)
            }
            if parts.count == 1 {
                defaultVersion = version
                overrides = [:]
            } else {
                guard let service = services.first(where: { $0.name == parts[0] }) else {
                    let closest = ArgumentParser.nearest(parts[0], among: services.map(\.name))
                    throw UsageError("\(source) \(DisplayText.quoted(value)): unknown service \(DisplayText.quoted(parts[0])); the services are \(services.map(\.name).joined(separator: ", "))",
                                     path: path, suggestion: closest.map { "Did you mean '\($0)'?" })
                }
                overrides.merge(pinning(service, to: version)) { _, new in new }
            }
        }
        guard let defaultVersion else { return .buildDefault(CompositionRoot.defaultGeneration, overrides: overrides) }
        return VersionSelection(default: defaultVersion, overrides: overrides)
    }
}
