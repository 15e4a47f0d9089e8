/// A snapshot of an injector's graph: the binding serving each key, and every edge.
///
/// Render it with ``rendered(as:)``, as text, Graphviz DOT, Mermaid or JSON:
///
/// ```swift
/// print(injector.graph.rendered(as: .dot))
/// ```
public struct DependencyGraph: Sendable {
    /// The binding that serves one key.
    public struct Node: Hashable, Sendable {
        /// What the binding provides.
        public let key: ServiceKey
        /// The binding's version, or `nil` for a binding that serves every selection.
        public let version: String?
        /// The selected version, when the binding serves it by falling back to a lower one.
        public let fallbackFor: String?
        /// How long built instances live.
        public let scope: Scope
        /// Where the binding was declared.
        public let site: DeclarationSite
        /// Whether the binding is marked ``BindingBuilder/liveOnly()``.
        public let isLiveOnly: Bool
        /// Whether a child injector binds this key itself.
        public let isOverridden: Bool
        /// The types of the binding's run-time arguments, or `nil` for a binding without any.
        public let arguments: [String]?
        /// For a type served through ``BindingBuilder/implements(_:_:)``, the key whose
        /// instance it serves.
        public let forwardsTo: ServiceKey?
        /// The decorators that wrap the binding's instances, innermost first.
        public let decorators: [Decorator]
        /// Whether the factory is opaque: it asks a ``Resolver`` for the edges it declared with `needs:`.
        public let isOpaque: Bool
        /// Whether the binding is asynchronous: resolve it with `try await`. It is when its
        /// factory is `async` or it needs an asynchronous binding built first (see
        /// ``asynchronousDependency``).
        public let isAsynchronous: Bool
        /// For an asynchronous binding whose own factory is synchronous, the asynchronous
        /// dependency it awaits first, which made it asynchronous.
        public let asynchronousDependency: ServiceKey?
        /// Whether the binding is isolated to the main actor (bound with
        /// `bind(_:onMainActor:)`, or serving such a binding's instance through `.implements`):
        /// it is built on the main actor, resolved synchronously there and with `await` elsewhere.
        public let isMainActorIsolated: Bool
        /// For an eager singleton, how long its build took when the injector started.
        public let startUpDuration: Duration?
        /// Every binding and retirement of the key, lowest version first, and which one serves.
        public let candidates: [Candidate]
        /// Whether the binding is a collection made from contributions, whose edges are its items.
        public let isCollection: Bool
        /// Whether the binding serves a value made beforehand (`bind(_:toInstance:)`): one
        /// instance for every request, whatever ``scope`` says.
        public let isInstance: Bool
        /// Whether the binding says how its instances close (`closing(_:)`): the injector's
        /// ``Injector/shutdown(within:)`` closes each one it keeps, after what depends on it.
        public let closesAtShutdown: Bool

        /// How long what it serves lives, as the graph and snapshots show it: the scope,
        /// `instance` for a value bound with `toInstance:`, or `forwards to CartV2` for a type
        /// served through ``BindingBuilder/implements(_:_:)``.
        public var lifetime: ServiceLifetime {
            if let forwardsTo { return .forwards(to: forwardsTo.description) }
            return isInstance ? .instance : .scope(scope)
        }
    }

    /// One decorator that wraps a binding's instances, as the selection chose it.
    public struct Decorator: Hashable, Sendable, CustomStringConvertible {
        /// The id that makes decorators of one type versions of one decorator, if it has one.
        public let id: String?
        /// Its version, or `nil` for one that wraps under every selection.
        public let version: String?
        /// Where it was declared.
        public let site: DeclarationSite

        init(_ decorator: Container.Decorator) {
            id = decorator.id
            version = decorator.versionText
            site = decorator.site
        }

        /// `logging (v2, App/Trace.swift:12)`, or `decorator (App/Trace.swift:12)` without an id.
        public var description: String {
            "\(id ?? "decorator") (\(([version] + [site.description]).compactMap { $0 }.joined(separator: ", ")))"
        }
    }

    /// One dependency of a binding.
    public struct Edge: Hashable, Sendable {
        /// How the dependant gets the dependency.
        public enum Kind: String, Hashable, Sendable {
            /// Built first and passed to the factory.
            case direct
            /// Through a ``Provider``.
            case provider
            /// Through a ``Lazy``.
            case lazy
            /// An optional parameter: built first when bound, `nil` when not.
            case optional
            /// Through a ``Factory``, with run-time arguments.
            case factory
            /// Through an ``AsyncProvider``, built later with `await`.
            case asyncProvider
            /// Through an ``AsyncLazy``, built with `await` on first use and kept.
            case asyncLazy
        }

        /// The dependant.
        public let from: ServiceKey
        /// The dependency.
        public let to: ServiceKey
        /// How the dependant gets the dependency.
        public let kind: Kind
        /// For an edge through a ``Factory``, or a ``Provider`` or ``Lazy`` of one, the argument
        /// types the factory passes.
        public let arguments: [String]?
        /// Whether the dependant takes `nil` when nothing binds the dependency: every
        /// ``Kind/optional`` edge, and a ``Provider`` or ``Lazy`` of an optional.
        public let isOptional: Bool
    }

    /// The formats ``rendered(as:)`` can produce.
    public enum Format: String, CaseIterable, Sendable {
        /// An indented list, for a terminal.
        case text
        /// Graphviz DOT: `dot -Tsvg`.
        case dot
        /// A Mermaid flowchart, for Markdown that renders Mermaid.
        case mermaid
        /// A JSON document, for scripts.
        case json
    }

    /// The version selection the graph was composed for.
    public let versions: VersionSelection
    /// The bindings, in declaration order.
    public let nodes: [Node]
    /// The edges, in the order of their dependants and then of the factory's parameters.
    public let edges: [Edge]
    /// The keys that are bound but not served under ``versions``: bound only in later versions,
    /// or retired. Their dependants' optional edges get `nil`.
    public let notServed: [NotServed]
    /// Every version the graph's modules declare (bindings, retirements, contributions and
    /// decorators), lowest first: the versions a selection can usefully name.
    public var boundVersions: [String] { Self.distinctVersions(versionsByService) }

    /// The versions that any service declares, each once (`v2` and `v2.0` are one), lowest first.
    static func distinctVersions(_ versionsByService: [ServiceKey: [String]]) -> [String] {
        var seen: Set<Version> = []
        return versionsByService.values.joined().compactMap(Version.init).filter { seen.insert($0).inserted }.sorted()
            .map(\.text)
    }

    /// The services that declare at least one version, in the order of their names.
    public var versionedServices: [ServiceKey] {
        versionsByService.keys.sorted { $0.description < $1.description }
    }

    /// The versions that `service` declares (its bindings, retirements, contributions and
    /// decorators), lowest first; empty for a service bound without versions.
    public func boundVersions(of service: ServiceKey) -> [String] {
        versionsByService[service] ?? []
    }

    /// For each service with a version, its declared versions, lowest first.
    let versionsByService: [ServiceKey: [String]]

    /// The key that the graph displays as `name`, such as `CartService` or
    /// `Database named "primary"`: a bound key, served or not; `nil` when there is none.
    public func key(displayedAs name: String) -> ServiceKey? {
        nodes.first { $0.key.description == name }?.key ?? notServed.first { $0.key.description == name }?.key
    }

    /// The keys some binding needs but nothing binds. An optional edge to an unbound key is
    /// not a need: its dependant gets `nil`. A key bound but not served is in ``notServed``.
    public var unbound: [ServiceKey] {
        let bound = Set(nodes.map(\.key) + notServed.map(\.key))
        var seen: Set<ServiceKey> = []
        return edges.filter { !$0.isOptional }.map(\.to).filter { !bound.contains($0) && seen.insert($0).inserted }
    }

    /// The keys that only optional edges (``Edge/isOptional``) lead to and nothing binds: their
    /// dependants get `nil`.
    public var absent: [ServiceKey] {
        let served = Set(nodes.map(\.key) + unbound + notServed.map(\.key))
        var seen: Set<ServiceKey> = []
        return edges.filter(\.isOptional).map(\.to).filter { !served.contains($0) && seen.insert($0).inserted }
    }
}
