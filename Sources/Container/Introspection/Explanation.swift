/// Which binding serves a type, in which version and scope, and why: the answer of
/// ``Injector/explain(_:named:)``.
public struct Explanation: Sendable, CustomStringConvertible {
    /// The type (and name) explained.
    public let key: ServiceKey
    /// The binding that serves it, or `nil` when nothing does. For a collection made from
    /// contributions (``DependencyGraph/Node/isCollection``), its node; ``items`` are what it is
    /// made from.
    public let binding: DependencyGraph.Node?
    /// Why that binding and not another.
    public let reason: String
    /// Every binding and retirement of the key, lowest version first, and which one serves.
    public let candidates: [Candidate]
    /// What the serving binding needs.
    public let dependencies: [DependencyGraph.Edge]
    /// Whether a strict child injector refuses to build it.
    public let isRefused: Bool
    /// For a multibinding, each item in order: its identity, the version that serves it and why.
    public let items: [Item]
    /// When the key is bound but not served under the selection, why.
    public let notServed: NotServed?

    /// One item of a multibinding, as the selection serves it.
    public struct Item: Hashable, Sendable, CustomStringConvertible {
        /// The item's id in a list, or its key in a map, as the graph shows it.
        public let identity: String
        /// The version of the contribution that serves it, or `nil` for one without a version.
        public let version: String?
        /// Where that contribution was declared.
        public let site: DeclarationSite
        /// Why that contribution and not another.
        public let reason: String

        /// `console: v1 (App/Analytics.swift:12), selected v2 (run-time default); no v2 …`.
        public var description: String { "\(identity): \(version ?? "unversioned") (\(site)), \(reason)" }
    }

    /// A few lines for a person.
    public var description: String {
        guard let binding else {
            return "\(key): \(reason)"
        }
        if binding.isCollection { return collectionDescription(binding) }
        var lines = ["\(key) is served by the binding at \(binding.site)"]
        lines.append("  version: \(binding.version ?? "none (serves every selection)")")
        lines.append("  why: \(reason)")
        if let source = binding.forwardsTo {
            lines.append("  scope: that of \(source), whose instance it serves (.implements)")
        } else if binding.isInstance {
            lines.append("  scope: one instance, made beforehand (toInstance:), served to every request")
        } else {
            lines.append("  scope: \(binding.scope)")
        }
        if binding.closesAtShutdown { lines.append(closingLine(binding)) }
        if let duration = binding.startUpDuration {
            lines.append("  start-up: built in \(StartUpProfile.milliseconds(duration)) when the injector started")
        }
        if !binding.decorators.isEmpty {
            let chain = ["\(key)\(binding.version.map { " \($0)" } ?? "")"] + binding.decorators.map(\.description)
            lines.append("  decorated: \(chain.joined(separator: " <- ")), the last outermost")
        }
        if let arguments = binding.arguments {
            lines.append(
                "  arguments: (\(arguments.joined(separator: ", "))), passed by Factory<\(arguments.joined(separator: ", ")), \(key.typeName)> or resolve(_:arguments:)"
            )
        }
        lines += isolationLines(binding)
        if candidates.count > 1 {
            lines.append("  candidates: \(candidates.map(\.description).joined(separator: ", "))")
        }
        if !dependencies.isEmpty {
            lines.append("  needs: \(needs)\(binding.isOpaque ? " (declared with needs:)" : "")")
        }
        if !items.isEmpty {
            lines.append("  items:")
            lines += items.map { "    \($0)" }
        }
        if isRefused { lines.append("  refused: live-only, and this strict test injector does not override it") }
        return lines.joined(separator: "\n")
    }

    /// When the instances of a binding with a closer close.
    private func closingLine(_ binding: DependencyGraph.Node) -> String {
        if binding.isInstance {
            return "  closes: at shutdown, the value given, once the kept instances that depend on it have closed"
        }
        if binding.scope == .transient {
            return "  closes: never: it is transient, so the injector keeps none of its instances (G114)"
        }
        return
            "  closes: at shutdown, each instance the injector keeps, once the kept instances that depend on it have closed"
    }

    /// Why the binding is built on the main actor, or with `await`, when it is.
    private func isolationLines(_ binding: DependencyGraph.Node) -> [String] {
        var lines: [String] = []
        if binding.isMainActorIsolated {
            let cause =
                binding.forwardsTo.map { "it serves the instance of \($0), which is bound on the main actor" }
                ?? "it is bound on the main actor"
            lines.append(
                "  isolation: @MainActor, because \(cause); resolve it on the main actor, or with try await elsewhere")
        }
        if binding.isAsynchronous {
            let cause =
                binding.asynchronousDependency.map { "it needs \($0), built first, which is asynchronous" }
                ?? "its factory is async"
            lines.append("  asynchronous: \(cause); resolve it with try await")
        }
        return lines
    }

    /// The dependencies, as their parameters ask for them.
    private var needs: String {
        dependencies.map { edge in
            switch edge.kind {
            case .direct: edge.to.description
            case .factory: "factory \(edge.to) with (\((edge.arguments ?? []).joined(separator: ", ")))"
            default:
                "\(edge.kind.rawValue) "
                    + (edge.arguments.map { "of factory \(edge.to) with (\($0.joined(separator: ", ")))" }
                        ?? edge.to.description)
            }
        }.joined(separator: ", ")
    }

    /// A multibinding is no one declaration: it is made from its items, which are listed with
    /// their own sites.
    private func collectionDescription(_ binding: DependencyGraph.Node) -> String {
        var lines = ["\(key) is made from its items"]
        lines.append("  why: \(reason)")
        lines.append(
            "  scope: \(binding.scope), made on each request from its items, each of which keeps its own scope")
        if !binding.decorators.isEmpty {
            let chain = ["\(key)"] + binding.decorators.map(\.description)
            lines.append("  decorated: \(chain.joined(separator: " <- ")), the last outermost")
        }
        if items.isEmpty {
            lines.append("  items: none")
        } else {
            lines.append("  items:")
            lines += items.map { "    \($0)" }
        }
        return lines.joined(separator: "\n")
    }
}
