extension Injector {
    /// The graph this injector serves: one node per bound key, with its version, scope and
    /// declaration site, and every edge.
    public var graph: DependencyGraph {
        Self.graph(of: layer, versions: versions, profile: startUpProfile)
    }

    /// The graph that `modules` declare under `versions`, made without building an injector: no
    /// factory runs, not even an eager singleton's. Its nodes have no start-up durations.
    ///
    /// ```swift
    /// let graph = Injector.graph(modules: [StoreModule(), AppModule()])
    /// print(VersionSelection.implied(by: graph))
    /// ```
    public static func graph(modules: [any Module], versions: VersionSelection = .latest) -> DependencyGraph {
        graph(of: root(declare(modules), versions), versions: versions, profile: nil)
    }

    private static func graph(of layer: Layer, versions: VersionSelection, profile: StartUpProfile?) -> DependencyGraph
    {
        let keys = layer.allKeys
        return DependencyGraph(
            versions: versions, nodes: keys.compactMap { node(for: $0, in: layer, versions, profile) },
            edges: keys.flatMap { edges(of: $0, in: layer) }, notServed: layer.allNotServed,
            versionsByService: layer.allDeclaredVersions.mapValues { $0.map(\.text) })
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
    ///
    /// A list or map made from contributions is no one declaration: its explanation says it is
    /// made from its items and lists each, with the version that serves it and why.
    ///
    /// ```swift
    /// print(injector.explain([any AnalyticsSink].self, named: "audit"))
    /// // [any AnalyticsSink] named "audit" is made from its items
    /// //   why: made from the 2 contributions chosen for the selection
    /// //   scope: transient, made on each request from its items, each of which keeps its own scope
    /// //   items:
    /// //     file: unversioned (App/Analytics.swift:14), bound without a version, so it serves every selection
    /// //     console: v2 (App/Analytics.swift:15), selected v2 (run-time default); bound in that version
    /// ```
    ///
    /// A wrapper that nothing binds as such — `T?`, `Provider<T>`, `Lazy<T>`, `Factory<…, T>`,
    /// under a name or not — is explained by the binding it serves, as `resolve` serves it.
    public func explain<T>(_ type: T.Type, named name: String? = nil) -> Explanation {
        explain(.of(type, named: name))
    }

    /// Which binding, version and scope serve `key`, and why: ``explain(_:named:)`` for a key
    /// found in a ``DependencyGraph`` or a ``GraphSnapshot``, whose type a tool does not spell.
    ///
    /// ```swift
    /// for node in injector.graph.nodes where node.version != nil {
    ///     print(injector.explain(node.key))
    /// }
    /// ```
    public func explain(_ key: ServiceKey) -> Explanation {
        if layer.selected(for: key) == nil, let special = SpecialTypes.special(key.type) {
            let wrapped = special.dependency(named: key.name).key
            if wrapped != key { return explained(wrapped) }
        }
        return explained(key)
    }

    private func explained(_ key: ServiceKey) -> Explanation {
        guard let chosen = layer.selected(for: key) else {
            let missing = layer.notServed(for: key)
            let reason = missing?.reason ?? unboundReason(key)
            return Explanation(
                key: key, binding: nil, reason: reason, candidates: missing?.candidates ?? [],
                dependencies: [], isRefused: false, items: [], notServed: missing)
        }
        return Explanation(
            key: key, binding: Self.node(for: key, in: layer, versions, startUpProfile),
            reason: chosen.reason.description,
            candidates: Self.candidates(of: chosen),
            dependencies: Self.edges(of: key, in: layer), isRefused: layer.isRefused(key),
            items: items(of: chosen.binding),
            notServed: nil)
    }

    /// Why nothing serves `key`: nothing binds it, or, for a type asked for without a name, it
    /// is bound only under names, which the reason lists.
    private func unboundReason(_ key: ServiceKey) -> String {
        let named =
            key.name == nil
            ? layer.allKeys.filter { $0.type == key.type && $0.name != nil && $0.item == nil }.compactMap(\.name)
                .sorted()
            : []
        guard let first = named.first else {
            return "nothing binds it; bind \(key) in one of the modules given to Injector(modules:)"
        }
        let names = named.map { "\"\($0)\"" }.joined(separator: ", ")
        return "nothing binds it without a name; it is bound named \(names): ask for one by name, "
            + "as explain(\(key.typeName).self, named: \"\(first)\") or resolve(\(key.typeName).self, named: \"\(first)\")"
    }

    private static func candidates(of chosen: Selected) -> [Candidate] {
        // A decorated binding is a new object, so the one chosen is found by its site and version.
        chosen.candidates.map {
            Candidate($0, selected: $0.site == chosen.binding.site && $0.versionText == chosen.binding.versionText)
        }
    }

    private func items(of collection: Binding) -> [Explanation.Item] {
        collection.dependencies.compactMap { dependency in
            guard let item = dependency.key.item, let chosen = layer.selected(for: dependency.key) else { return nil }
            return Explanation.Item(
                identity: item.label, version: chosen.binding.versionText, site: chosen.binding.site,
                reason: chosen.reason.description)
        }
    }

    private static func node(
        for key: ServiceKey, in layer: Layer, _ versions: VersionSelection,
        _ profile: StartUpProfile?
    ) -> DependencyGraph.Node? {
        guard let selected = layer.selected(for: key) else { return nil }
        let binding = selected.binding
        let isCollection = if case .collection = selected.reason { true } else { false }
        let overridden = layer.isOverridden(key)
        let wanted = versions.selectedVersion(for: key).version
        // With no selection given, the latest serves: it stands in for nothing.
        let fallback = binding.version.flatMap { version in
            wanted.flatMap { text in Version(text).flatMap { $0 == version ? nil : text } }
        }
        let asynchrony = layer.asynchrony(of: key)
        let asynchronousDependency: ServiceKey? =
            if case .dependency(let dependency) = asynchrony { dependency } else { nil }
        return DependencyGraph.Node(
            key: key, version: binding.versionText, fallbackFor: fallback,
            scope: binding.scope, site: binding.site, isLiveOnly: binding.isLiveOnly,
            isOverridden: overridden, arguments: binding.arguments?.names, forwardsTo: binding.forwardsTo,
            decorators: binding.decorators.map(DependencyGraph.Decorator.init), isOpaque: binding.isOpaque,
            isAsynchronous: asynchrony.isAsynchronous, asynchronousDependency: asynchronousDependency,
            isMainActorIsolated: layer.isMainActor(binding),
            startUpDuration: profile?.entries.first { $0.key == key }?.duration,
            candidates: candidates(of: selected), isCollection: isCollection, isInstance: binding.recipe.isInstance,
            closesAtShutdown: binding.closer != nil)
    }

    private static func edges(of key: ServiceKey, in layer: Layer) -> [DependencyGraph.Edge] {
        (layer.binding(for: key)?.dependencies ?? []).map { dependency in
            DependencyGraph.Edge(
                from: key, to: dependency.key, kind: dependency.kind,
                arguments: dependency.arguments?.names, isOptional: dependency.isOptional)
        }
    }
}
