extension Injector {
    /// The graph this injector serves: one node per bound key, with its version, scope and
    /// declaration site, and every edge.
    public var graph: DependencyGraph {
        let keys = layer.allKeys
        return DependencyGraph(versions: versions, nodes: keys.compactMap { node(for: $0) },
                               edges: keys.flatMap { edges(of: $0) })
    }

    /// Which binding, version and scope serve `type`, and why.
    ///
    /// ```swift
    /// print(injector.explain(CartService.self))
    /// // CartService is served by the binding at ImplV1/ImplV1Module.swift:12
    /// //   version: v1
    /// //   why: selected v2 (run-time default); no v2 binding, so the highest below it, v1
    /// //   scope: transient
    /// ```
    public func explain<T>(_ type: T.Type, named name: String? = nil) -> Explanation {
        let key = ServiceKey.of(type, named: name)
        guard let chosen = layer.selected(for: key) else {
            let reason = if let missing = layer.unsatisfied(for: key) {
                "no binding serves version \(missing.selected); bound versions: \(missing.bound.joined(separator: ", "))"
            } else {
                "nothing binds it; bind \(key) in one of the modules given to Injector(modules:)"
            }
            return Explanation(key: key, binding: nil, reason: reason, candidates: [], dependencies: [],
                               isRefused: false, items: [])
        }
        return Explanation(
            key: key, binding: node(for: key), reason: chosen.reason.description,
            candidates: chosen.candidates.map { "\($0.versionText ?? "unversioned") (\($0.site))" },
            dependencies: edges(of: key), isRefused: layer.isRefused(key), items: items(of: chosen.binding))
    }

    /// `console: v1 (App/Analytics.swift:12), selected v2 (run-time default); no v2 binding, ...`
    private func items(of collection: Binding) -> [String] {
        collection.dependencies.compactMap { dependency in
            guard let item = dependency.key.item, let chosen = layer.selected(for: dependency.key) else { return nil }
            let version = chosen.binding.versionText ?? "unversioned"
            return "\(item.label): \(version) (\(chosen.binding.site)), \(chosen.reason)"
        }
    }

    private func node(for key: ServiceKey) -> DependencyGraph.Node? {
        guard let binding = layer.binding(for: key) else { return nil }
        let overridden = layer.isOverridden(key)
        let wanted = versions.selectedVersion(for: key).version
        // With no selection given, the latest serves: it stands in for nothing.
        let fallback = binding.version.flatMap { version in
            wanted.flatMap { text in Version(text).flatMap { $0 == version ? nil : text } }
        }
        let asynchrony = layer.asynchrony(of: key)
        let asynchronousDependency: ServiceKey? = if case .dependency(let dependency) = asynchrony { dependency } else { nil }
        return DependencyGraph.Node(
            key: key, version: binding.versionText, fallbackFor: overridden ? nil : fallback,
            scope: binding.scope, site: binding.site, isLiveOnly: binding.isLiveOnly,
            isOverridden: overridden, arguments: binding.arguments?.names, forwardsTo: binding.forwardsTo,
            decorators: binding.decorators.map(\.label), isOpaque: binding.isOpaque,
            isAsynchronous: asynchrony.isAsynchronous, asynchronousDependency: asynchronousDependency,
            isMainActorIsolated: layer.isMainActor(binding),
            startUpDuration: startUpProfile.entries.first { $0.key == key }?.duration)
    }

    private func edges(of key: ServiceKey) -> [DependencyGraph.Edge] {
        (layer.binding(for: key)?.dependencies ?? []).map { dependency in
            DependencyGraph.Edge(from: key, to: dependency.key, kind: dependency.kind,
                                 arguments: dependency.arguments?.names, isOptional: dependency.isOptional)
        }
    }
}
