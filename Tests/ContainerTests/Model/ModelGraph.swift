// The random graphs and scripts of the model-based test, as plain data: the generator makes
// them, the reference model and the live runner both read them, and a failure prints them.

/// A key of the model: type `Node<T<type>>`, optionally named; or, for a face, the protocol
/// `any Face<n>` that bindings serve with `.implements` (spelled `Face<n>`, as the container does).
///
/// For multibindings (DocC "Multibindings and Decorators"), a key is also an item `Node<T>[id]`, one
/// contribution's identity, or the list `[Node<T>]` of a type's items; a named item
/// `Node<T> named "x"[id]` belongs to the list named "x", `Named<NameX, [Node<T>]>`.
struct ModelKey: Hashable, Comparable, CustomStringConvertible {
    let type: Int
    let name: String?
    /// The id of a contributed item, for an item key.
    var item: String?
    /// Whether this is the list `[Node<T>]` of the type's items.
    var isList = false

    init(_ type: Int, named name: String? = nil) {
        self.type = type
        self.name = name
    }

    /// The key of the item `Node<T<type>>[id]`, of the list named `name` if given.
    static func item(_ type: Int, id: String, named name: String? = nil) -> ModelKey {
        var key = ModelKey(type, named: name)
        key.item = id
        return key
    }

    /// The key of the list `[Node<T<type>>]`, optionally named.
    static func list(_ type: Int, named name: String? = nil) -> ModelKey {
        var key = ModelKey(type, named: name)
        key.isList = true
        return key
    }

    /// The list this item belongs to: its type's, of its name.
    var list: ModelKey { .list(type, named: name) }

    /// The key of protocol `Face<face>`.
    static func face(_ face: Int, named name: String? = nil) -> ModelKey {
        ModelKey(nodeTags.count + face, named: name)
    }

    /// The face's number, for a face key.
    var face: Int? { type >= nodeTags.count ? type - nodeTags.count : nil }

    /// Spelled as the container spells a `ServiceKey`, so diagnostics can be matched.
    var description: String {
        var type = face.map { "Face\($0)" } ?? "Node<T\(self.type)>"
        if isList { type = face == nil ? "[\(type)]" : "[any \(type)]" }
        if let name { type += " named \"\(name)\"" }
        return item.map { "\(type)[\($0)]" } ?? type
    }

    /// A key that no opaque factory declares, asked for by one that `asksUndeclared`.
    static let undeclared = ModelKey(0, named: "undeclared")

    static func < (lhs: ModelKey, rhs: ModelKey) -> Bool {
        (lhs.type, lhs.name ?? "", lhs.item ?? "", lhs.isList ? 1 : 0) < (
            rhs.type, rhs.name ?? "", rhs.item ?? "", rhs.isList ? 1 : 0
        )
    }
}

enum ModelEdgeKind: String, Hashable {
    /// `T` (or `Named<N, T>`): built before the dependant.
    case direct
    /// `Provider<T>`: built on each call.
    case provider
    /// `Lazy<T>`: built on first read, then kept.
    case lazy
    /// `T?`: built before the dependant when something serves `T`, else `nil`.
    case optional
    /// `Factory<Int, T>` (or `Factory<Int, Int, T>`… up to six `Int`s, its ``ModelEdge/arity``):
    /// builds (or serves the kept instance for) the arguments of each call; the only edge that
    /// may reach a binding with run-time arguments (DocC "Bindings and Resolving").
    case factory

    /// Whether the dependant keeps what the edge gives it (the guide: captive dependencies).
    var holds: Bool { self != .provider && self != .factory }

    /// Whether the dependency is built before its dependant, so a loop of such edges is a cycle.
    var isBuiltFirst: Bool { self == .direct || self == .optional }
}

struct ModelEdge: Hashable, CustomStringConvertible {
    var target: ModelKey
    var kind: ModelEdgeKind
    /// For a provider or lazy edge: the factory calls it (reads it) before returning.
    var callsInInit: Bool
    /// For a factory edge: how many `Int` arguments it passes.
    var arity = 1

    var description: String {
        let kind =
            switch self.kind {
            case .direct: target.description
            case .provider: "Provider<\(target)>"
            case .lazy: "Lazy<\(target)>"
            case .optional: "Optional<\(target)>"
            case .factory: "Factory<\(ModelBinding.arguments(arity)), \(target)>"
            }
        return callsInInit ? kind + "()" : kind
    }
}

enum ModelScope: String, Hashable, CaseIterable {
    case transient, singleton, eagerSingleton, weak, session, cache

    /// DocC "Validation and Introspection": singleton > resettable scopes > weak; `nil` keeps nothing.
    var rank: Int? {
        switch self {
        case .transient: nil
        case .weak: 1
        case .session, .cache: 2
        case .singleton, .eagerSingleton: 3
        }
    }

    var resettableName: String? {
        switch self {
        case .session: "session"
        case .cache: "cache"
        default: nil
        }
    }

    /// Whether an instance of `self` would keep one of `held` past the end of its scope.
    func outlives(_ held: ModelScope) -> Bool {
        guard let holder = rank, let heldRank = held.rank else { return false }
        if heldRank < holder { return true }
        if let mine = resettableName, let theirs = held.resettableName { return mine != theirs }
        return false
    }
}

enum FactoryStyle: String, Hashable {
    /// `bind(T.self) { (a: A, b: Provider<B>) in ... }`: edges from the parameter types.
    case typed
    /// `bind(T.self, needs: ...) { resolver in ... }`: declared edges, resolved by hand.
    case opaque
    /// `bind(T.self, toInstance: value)`: a value made beforehand, served whatever the scope.
    case instance
    /// What `.implements(F.self) { $0 }` adds: a transient binding of `F` that serves the
    /// instance of its only edge, the source's key.
    case forward
}

struct ModelBinding: Hashable, CustomStringConvertible {
    /// Unique in a graph; also the binding's declaration line, so diagnostics name it.
    let id: Int
    var key: ModelKey
    var version: String?
    var scope: ModelScope
    var isLiveOnly: Bool
    var isOverriding: Bool
    var edges: [ModelEdge]
    var style: FactoryStyle
    /// The factory throws after building its dependencies.
    var fails: Bool
    /// An opaque factory that first asks its resolver for ``ModelKey/undeclared``.
    var asksUndeclared = false
    /// The faces this binding also serves, with `.implements`.
    var implements: [Int] = []
    /// `bind(T.self, arguments: Int.self) { (n: Int, ...) in ... }`: built from a run-time argument.
    var takesArgument = false
    /// For a binding that takes arguments: how many `Int`s, one to six. The live factory gets
    /// `n, n + 1, …` and records `n`, its argument (see ``LiveBinder``).
    var arity = 1
    /// For an item (`contribute(T.self, id:, position:)`): its place in the list.
    var position = 0
    /// For a decorator (`decorate(...).id(...)`): versions of one id replace each other.
    var decoratorID: String?
    /// The factory is `async` (DocC "Asynchronous set-up").
    var isAsync = false
    /// Bound with `bind(_:onMainActor:)` (DocC "Asynchronous set-up").
    var isMainActor = false
    /// `retire(T.self, from: version)` (DESIGN "Versions"): from its version on, nothing serves
    /// the key; it takes part in choosing a version like a binding, and has no factory.
    var isRetirement = false

    /// Whether the factory can await a dependency built first, and so become asynchronous:
    /// not an opaque factory or one with run-time arguments. A list awaits its items
    /// (DocC "Multibindings and decorators").
    var canAwait: Bool { (style == .typed || style == .forward) && !takesArgument }

    /// The binding, then what each `.implements` adds (the guide: "each forwarded type is a
    /// binding of its own", under the same name and version, serving the same instance). A
    /// forwarded type of a binding with arguments takes the same arguments, through its source's
    /// factory.
    var declared: [ModelBinding] {
        [self]
            + implements.map { face in
                ModelBinding(
                    id: id, key: .face(face, named: key.name), version: version, scope: .transient,
                    isLiveOnly: false, isOverriding: isOverriding,
                    edges: [
                        ModelEdge(
                            target: key, kind: takesArgument ? .factory : .direct, callsInInit: false,
                            arity: arity)
                    ],
                    style: .forward, fails: false, takesArgument: takesArgument, arity: arity)
            }
    }

    /// `Int`, or `Int, Int, Int` for three arguments.
    static func arguments(_ arity: Int) -> String {
        Array(repeating: "Int", count: arity).joined(separator: ", ")
    }

    var description: String {
        var text = "#\(id) \(key)"
        if isRetirement { return text + " retired from \"\(version ?? "")\"" + (isOverriding ? " overriding" : "") }
        if let version { text += " version(\"\(version)\")" }
        text += " \(scope.rawValue)"
        if isLiveOnly { text += " liveOnly" }
        if isOverriding { text += " overriding" }
        if style != .typed { text += " \(style.rawValue)" }
        if isAsync { text += " async" }
        if isMainActor { text += " @MainActor" }
        if fails { text += " throws" }
        if asksUndeclared { text += " asksUndeclared" }
        if takesArgument { text += " arguments(\(Self.arguments(arity)))" }
        if key.item != nil { text += " position \(position)" }
        if !implements.isEmpty { text += " implements " + implements.map { "Face\($0)" }.joined(separator: ", ") }
        if !edges.isEmpty { text += " <- " + edges.map(\.description).joined(separator: ", ") }
        return text
    }
}

struct ChildSpec: Hashable {
    /// The step that created the parent, or `nil` for the root.
    var parent: Int?
    var isStrict: Bool
    var bindings: [ModelBinding]
    var decorators: [ModelBinding] = []
    /// Items withdrawn with `withdraw(T.self, id:)`.
    var withdrawals: [ModelKey] = []
}

/// One step of a script. Levels are named by the step that created them (`nil` is the root);
/// handles by the step that made them. A step naming a level or handle that does not exist
/// (its creation failed on both sides) is skipped.
enum ModelStep: Hashable {
    case child(ChildSpec)
    case resolve(level: Int?, key: ModelKey, keep: Bool)
    /// `resolve(T?.self)`: the instance when something serves `T`, else `nil`.
    case resolveOptional(level: Int?, key: ModelKey, keep: Bool)
    case resolveProvider(level: Int?, key: ModelKey)
    case resolveLazy(level: Int?, key: ModelKey)
    /// Calls a provider handle, or reads a lazy handle.
    case call(handle: Int, keep: Bool)
    /// Calls a provider or reads a lazy value that an instance handle holds; the part is
    /// `part % count` among the instance's provider and lazy parts.
    case use(handle: Int, part: Int, keep: Bool)
    case reset(level: Int?, scope: ModelScope)
    case drop(handle: Int)
    /// `resolve(T.self, arguments: argument)`, or with `arity` arguments `argument, argument + 1, …`.
    case resolveArgument(level: Int?, key: ModelKey, argument: Int, arity: Int, keep: Bool)
    /// Calls a `Factory<Int, T>` that an instance handle holds with `argument`; the factory is
    /// `part % count` among the instance's factory parts.
    case useFactory(handle: Int, part: Int, argument: Int, keep: Bool)
}

struct ModelGraph: Hashable {
    var bindings: [ModelBinding]
    /// `decorate(key) { (inner, edges...) in ... }`, in declaration order; only `id`, `key` and
    /// `edges` count.
    var decorators: [ModelBinding] = []
    /// `nil`: no selection given (`VersionSelection.latest`), so each key's latest version.
    var defaultVersion: String?
    var overrides: [ModelKey: String]
    var script: [ModelStep]
    /// The root and its children are built with `try await` (`Injector(modules:)`, `child`)
    /// and every plain resolve awaits; otherwise all is synchronous.
    var awaits = false

    /// The graph and script as a reader would write them down; steps the shrinker removed
    /// (kept as `drop(handle: -1)` so later steps keep their numbers) are left out.
    var description: String {
        var lines = [
            "versions: " + (defaultVersion.map { "default \"\($0)\"" } ?? "latest (none given)")
                + overrides.sorted { $0.key < $1.key }.map { ", \($0.key)=\"\($0.value)\"" }.joined()
                + (awaits ? "; built and resolved with await" : "")
        ]
        lines.append("root bindings:")
        lines += bindings.map { "  \($0)" }
        lines += decorators.map { "  " + Self.describe(decorator: $0) }
        lines.append("script:")
        for (index, step) in script.enumerated() where step != .drop(handle: -1) {
            lines.append("  \(index): " + Self.describe(step))
            if case .child(let spec) = step {
                lines += spec.bindings.map { "       \($0)" }
                lines += spec.decorators.map { "       " + Self.describe(decorator: $0) }
                lines += spec.withdrawals.map { "       withdraw \($0)" }
            }
        }
        return lines.joined(separator: "\n")
    }

    static func describe(decorator: ModelBinding) -> String {
        "#\(decorator.id) decorate \(decorator.key)"
            + (decorator.decoratorID.map { " id(\"\($0)\")" } ?? "")
            + (decorator.version.map { " version(\"\($0)\")" } ?? "")
            + (decorator.edges.isEmpty ? "" : " <- " + decorator.edges.map(\.description).joined(separator: ", "))
    }

    static func level(_ level: Int?) -> String { level.map { "child@\($0)" } ?? "root" }

    static func describe(_ step: ModelStep) -> String {
        switch step {
        case .child(let spec):
            "\(spec.isStrict ? "strict " : "")child of \(level(spec.parent)) binding:"
        case .resolve(let at, let key, let keep):
            "\(level(at)).resolve(\(key))\(keep ? " keep" : "")"
        case .resolveOptional(let at, let key, let keep):
            "\(level(at)).resolve(Optional<\(key)>)\(keep ? " keep" : "")"
        case .resolveProvider(let at, let key):
            "\(level(at)).resolve(Provider<\(key)>) keep"
        case .resolveLazy(let at, let key):
            "\(level(at)).resolve(Lazy<\(key)>) keep"
        case .call(let handle, let keep):
            "call handle@\(handle)\(keep ? " keep" : "")"
        case .use(let handle, let part, let keep):
            "use part \(part) of handle@\(handle)\(keep ? " keep" : "")"
        case .reset(let at, let scope):
            "\(level(at)).reset(\(scope.rawValue))"
        case .drop(let handle):
            "drop handle@\(handle)"
        case .resolveArgument(let at, let key, let argument, let arity, let keep):
            "\(level(at)).resolve(\(key), arguments: \((0..<arity).map { String(argument + $0) }.joined(separator: ", ")))"
                + (keep ? " keep" : "")
        case .useFactory(let handle, let part, let argument, let keep):
            "call factory \(part) of handle@\(handle) with \(argument)\(keep ? " keep" : "")"
        }
    }
}

/// What a resolve failed with, as far as the model states it: the reason and the key.
struct ModelFailure: Error, Hashable, CustomStringConvertible {
    enum Reason: String, Hashable {
        case noBinding, notServed, cycle, liveOnly, factoryFailed, undeclared, arguments, asynchronous,
            asynchronousStart, mainActorIsolated, other
    }

    let reason: Reason
    let key: String

    var description: String { "\(reason.rawValue)(\(key))" }
}
