/// How a binding depends on another type.
enum DependencyKind: String, Sendable {
    /// The dependency is built before the dependant and handed to its factory.
    case direct
    /// A ``Provider`` builds the dependency on demand; a cycle through it is legal.
    case provider
    /// A ``Lazy`` builds the dependency once, on first use; a cycle through it is legal.
    case lazy

    /// Whether the dependant keeps what this edge gives it (for the captive check).
    var holdsInstance: Bool { self != .provider }
}

/// One edge of the graph, from a binding to what it needs.
@usableFromInline
struct Dependency: Hashable, Sendable {
    let key: ServiceKey
    let kind: DependencyKind

    /// The dependency that a factory parameter of type `T` stands for.
    @usableFromInline
    static func of<T>(_ type: T.Type) -> Dependency {
        if let special = type as? any SpecialDependency.Type { return special.dependency }
        return Dependency(key: .of(type), kind: .direct)
    }
}

/// Everything known about one `bind` call once its module is configured. A class, so the
/// many tables that refer to a binding share it instead of copying it.
@usableFromInline
final class Binding: Sendable {
    @usableFromInline let key: ServiceKey
    /// The version as written, or `nil` for a binding that serves every selection.
    let versionText: String?
    /// ``versionText`` parsed, or `nil` when absent or malformed.
    let version: Version?
    let scope: Scope
    let isOverriding: Bool
    let isLiveOnly: Bool
    @usableFromInline let site: DeclarationSite
    let recipe: Recipe
    /// Known from the factory's parameter types, or learned by a dry run for an opaque factory.
    let dependencies: [Dependency]

    init(key: ServiceKey, versionText: String?, scope: Scope, isOverriding: Bool, isLiveOnly: Bool,
         site: DeclarationSite, recipe: Recipe, dependencies: [Dependency]) {
        self.key = key
        self.versionText = versionText
        self.version = versionText.flatMap(Version.init)
        self.scope = scope
        self.isOverriding = isOverriding
        self.isLiveOnly = isLiveOnly
        self.site = site
        self.recipe = recipe
        self.dependencies = dependencies
    }

    var isOpaque: Bool { recipe.dryRun != nil }

    /// The same binding with the edges a dry run learned.
    func learning(_ dependencies: [Dependency]) -> Binding {
        Binding(key: key, versionText: versionText, scope: scope, isOverriding: isOverriding,
                isLiveOnly: isLiveOnly, site: site, recipe: recipe, dependencies: dependencies)
    }

    /// What ``Compiler/scoped(_:_:)`` needs to know of the scope.
    @usableFromInline
    enum Lifetime {
        case transient
        case singleton(eager: Bool)
        case weak
        case resettable(String)
    }

    @usableFromInline
    var lifetime: Lifetime {
        switch scope.kind {
        case .transient: .transient
        case .singleton: .singleton(eager: false)
        case .eagerSingleton: .singleton(eager: true)
        case .weak: .weak
        case .resettable(let name): .resettable(name)
        }
    }
}

/// How to turn a binding into a producer once the graph is known.
///
/// Its closures are made by the `@inlinable` `bind` methods, so they are compiled in the
/// caller's module for the caller's concrete types: the resolve path runs specialized code.
@usableFromInline
struct Recipe: Sendable {
    let makeProducer: @Sendable (Binding, Compiler) -> any AnyProducer
    /// A producer of the same type that refuses to build (a strict child's live-only binding).
    let makeRefusal: @Sendable (Binding) -> any AnyProducer
    /// Runs an opaque factory with a recording resolver; `nil` for every other kind.
    let dryRun: (@Sendable (Resolver) -> Void)?

    @usableFromInline
    init(makeProducer: @escaping @Sendable (Binding, Compiler) -> any AnyProducer,
         makeRefusal: @escaping @Sendable (Binding) -> any AnyProducer,
         dryRun: (@Sendable (Resolver) -> Void)? = nil) {
        self.makeProducer = makeProducer
        self.makeRefusal = makeRefusal
        self.dryRun = dryRun
    }
}

/// A producer that refuses to build `binding`, for a strict child injector.
@usableFromInline
func refusal<T: Sendable>(of binding: Binding, as type: T.Type) -> any AnyProducer {
    Producer<T> { () throws(ResolutionError) -> T in
        throw ResolutionError(.liveOnly(binding.site), key: binding.key, path: [PathStep(binding)])
    }
}

/// The producer of an opaque binding: it runs the factory with a resolver on this injector.
@usableFromInline
func opaqueProducer<T: Sendable>(_ factory: @escaping @Sendable (Resolver) throws -> T,
                                 binding: Binding, compiler: Compiler) -> any AnyProducer {
    let table = compiler.table
    return compiler.scoped(binding) { () throws(ResolutionError) -> T in
        try BuildStack.enter(binding.key) { () throws(ResolutionError) -> T in
            do {
                return try factory(Resolver(table: table, recorder: nil))
            } catch {
                throw ResolutionError.wrapping(error, in: binding)
            }
        }
    }
}
