/// Everything known about one `bind` call once its module is configured. A class, so the
/// many tables that refer to a binding share it instead of copying it.
@usableFromInline
final class Binding: Sendable {
    @usableFromInline let key: ServiceKey
    /// The version as written, or `nil` for a binding that serves every selection.
    let versionText: String?
    /// ``versionText`` parsed, or `nil` when absent or malformed.
    let version: Version?
    @usableFromInline let scope: Scope
    let isOverriding: Bool
    let isLiveOnly: Bool
    @usableFromInline let site: DeclarationSite
    let recipe: Recipe
    /// Read from the factory's parameter types, or declared with `needs:` by an opaque factory:
    /// known before anything is built.
    @usableFromInline let dependencies: [Dependency]
    /// For a type served through `.implements`, the binding whose instance it serves.
    let forwardsTo: ServiceKey?
    /// The types of the run-time arguments, or `nil` for a binding without any.
    let arguments: ArgumentList?
    /// The type of what the binding's producer makes: the bound type, or the ``Factory`` of it
    /// for a binding with run-time arguments.
    let producedType: any Any.Type
    /// The decorators that wrap what the recipe builds, innermost first.
    let decorators: [Decorator]
    /// For a contribution, the collection it belongs to.
    let membership: Membership?
    /// Whether its instances are built on the main actor: its factory is `@MainActor`, or it
    /// serves (`.implements`) the instance of a binding whose factory is.
    let isMainActorIsolated: Bool
    /// Whether this declaration retires its key from its version on instead of binding it: it
    /// takes part in choosing a version like a binding, and when chosen the key is not served.
    let isRetirement: Bool
    /// How an instance that the binding's scope keeps closes at shutdown (`BindingBuilder.closing(_:)`),
    /// or `nil` for a binding that declares no closer.
    let closer: Closer?

    init(
        key: ServiceKey, versionText: String?, scope: Scope, isOverriding: Bool, isLiveOnly: Bool,
        site: DeclarationSite, recipe: Recipe, dependencies: [Dependency], forwardsTo: ServiceKey? = nil,
        arguments: ArgumentList? = nil, producedType: (any Any.Type)? = nil, decorators: [Decorator] = [],
        membership: Membership? = nil, isMainActorIsolated: Bool? = nil, isRetirement: Bool = false,
        closer: Closer? = nil
    ) {
        self.key = key
        self.versionText = versionText
        self.version = versionText.flatMap(Version.init)
        self.scope = scope
        self.isOverriding = isOverriding
        self.isLiveOnly = isLiveOnly
        self.site = site
        self.recipe = recipe
        self.dependencies = dependencies
        self.forwardsTo = forwardsTo
        self.arguments = arguments
        self.producedType = producedType ?? key.type
        self.decorators = decorators
        self.membership = membership
        self.isMainActorIsolated = isMainActorIsolated ?? recipe.isMainActor
        self.isRetirement = isRetirement
        self.closer = closer
    }

    /// The same binding wrapped by `decorators` too: they wrap its instances, and their
    /// dependencies become its own, so validation and children see them as edges of it.
    func decorated(with decorators: [Decorator]) -> Binding {
        Binding(
            key: key, versionText: versionText, scope: scope, isOverriding: isOverriding, isLiveOnly: isLiveOnly,
            site: site, recipe: recipe, dependencies: dependencies + decorators.flatMap(\.dependencies),
            forwardsTo: forwardsTo, arguments: arguments, producedType: producedType,
            decorators: self.decorators + decorators, membership: membership,
            isMainActorIsolated: isMainActorIsolated, closer: closer)
    }

    /// Where its producer is kept: under the key of the type it makes, so that the producer
    /// kept for a key of type `T` is always a `Producer<T>` (see ``Producer``).
    var storageKey: ServiceKey {
        arguments == nil ? key : ServiceKey(type: producedType, name: key.name)
    }

    var isOpaque: Bool { recipe.isOpaque }
}

extension Binding {
    /// Calls the binding's factory, `body`, and names the binding in what it throws
    /// (``ResolutionError/wrapping(_:in:)``): the one way every kind of binding calls its factory
    /// and the decorators declared on it. Inlined, so the closure costs no call of its own.
    @inlinable @inline(__always)
    func calling<T>(_ body: () throws -> T) throws(ResolutionError) -> T {
        do { return try body() } catch { throw ResolutionError.wrapping(error, in: self) }
    }

    /// ``calling(_:)`` for a factory called with `await`.
    @inlinable @inline(__always)
    func callingAsync<T>(_ body: () async throws -> T) async throws(ResolutionError) -> T {
        do { return try await body() } catch { throw ResolutionError.wrapping(error, in: self) }
    }
}

/// What kind of binding a `bind` method declared, carrying the closures that turn it into
/// producers once the graph is known.
///
/// The closures are generic over the bound type, so the producer kept for a key of type `T`
/// is a `Producer<T>` (see ``Producer``). Those of autowired and opaque bindings are compiled
/// once, generically, in this module (so a large module of bindings compiles fast); those of
/// bindings with run-time arguments are inlined into the caller's module.
@usableFromInline
enum Recipe: Sendable {
    /// Makes the producer of a binding: one built without `await`, or, where a case says it
    /// is awaited, one that builds with `await` (see ``Producer/awaited``). The compiler calls
    /// it, in ``Compiler/make(_:)``, the one place where a recipe becomes a producer.
    @usableFromInline typealias Make = @Sendable (Binding, Compiler) -> any AnyProducer

    /// Makes an autowired binding's producer: one built without `await`, or, when `awaiting`,
    /// one that builds once each dependency is awaited.
    @usableFromInline typealias MakeAutowired = @Sendable (Binding, Compiler, _ awaiting: Bool) -> any AnyProducer

    /// A factory whose dependencies the injector passes; made `awaiting` when a dependency
    /// built first is asynchronous. One closure for both, where the other cases keep two: every
    /// binding of a large module is autowired, and each closure is an allocation to make and free.
    case autowired(MakeAutowired)
    /// A synchronous factory isolated to the main actor (`bind(_:onMainActor:)`): `awaiting` is
    /// how it is built when a dependency is asynchronous (else `await` hops to the main actor to
    /// call the synchronous producer, ``AnyProducer/hoppingToMainActor()``).
    case mainActor(Make, awaiting: Make)
    /// An `async` factory, isolated to the main actor or not.
    case async(Make, isMainActor: Bool)
    /// A factory that asks a ``Resolver`` for the dependencies it declared with `needs:`.
    case opaque(Make)
    /// A value made beforehand (`bind(_:toInstance:)`).
    case instance(Make)
    /// A binding with run-time arguments, whose producer makes its ``Factory``.
    case arguments(Make)
    /// A type served through another binding (`.implements`); `awaiting` awaits the source.
    case forward(Make, awaiting: Make)
    /// A list or a map of contributions.
    case collection(Make, awaiting: Make)
    /// A retirement, which is never chosen to serve its key, so never compiled.
    case retirement

    /// Whether the factory asks a ``Resolver`` for the dependencies it declared with `needs:`.
    var isOpaque: Bool {
        if case .opaque = self { true } else { false }
    }

    /// Whether the factory itself is `async`.
    var isAsync: Bool {
        if case .async = self { true } else { false }
    }

    /// Whether the factory is isolated to the main actor.
    var isMainActor: Bool {
        switch self {
        case .mainActor, .async(_, isMainActor: true): true
        default: false
        }
    }

    /// Whether it serves a value made beforehand.
    var isInstance: Bool {
        if case .instance = self { true } else { false }
    }

    /// Whether the binding can be built with `await` when a dependency is asynchronous: the
    /// kinds that keep a way to await their dependencies. Any other kind stays synchronous.
    var canAwait: Bool {
        switch self {
        case .autowired, .mainActor, .async, .forward, .collection: true
        case .opaque, .instance, .arguments, .retirement: false
        }
    }
}
