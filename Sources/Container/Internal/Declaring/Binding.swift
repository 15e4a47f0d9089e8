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

    init(
        key: ServiceKey, versionText: String?, scope: Scope, isOverriding: Bool, isLiveOnly: Bool,
        site: DeclarationSite, recipe: Recipe, dependencies: [Dependency], forwardsTo: ServiceKey? = nil,
        arguments: ArgumentList? = nil, producedType: (any Any.Type)? = nil, decorators: [Decorator] = [],
        membership: Membership? = nil, isMainActorIsolated: Bool? = nil, isRetirement: Bool = false
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
    }

    /// The same binding wrapped by `decorators` too: they wrap its instances, and their
    /// dependencies become its own, so validation and children see them as edges of it.
    func decorated(with decorators: [Decorator]) -> Binding {
        Binding(
            key: key, versionText: versionText, scope: scope, isOverriding: isOverriding, isLiveOnly: isLiveOnly,
            site: site, recipe: recipe, dependencies: dependencies + decorators.flatMap(\.dependencies),
            forwardsTo: forwardsTo, arguments: arguments, producedType: producedType,
            decorators: self.decorators + decorators, membership: membership,
            isMainActorIsolated: isMainActorIsolated)
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
