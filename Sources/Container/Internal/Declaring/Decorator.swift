/// One `decorate` call once its module is configured: what it wraps, which version it belongs
/// to, and how to compile it.
@usableFromInline
final class Decorator: Sendable {
    /// The key whose instances it wraps.
    let key: ServiceKey
    /// Decorators with one id are versions of one decorator; `nil` makes it its own.
    let id: String?
    let versionText: String?
    let version: Version?
    let site: DeclarationSite
    /// What the decorator needs besides the instance it wraps.
    let dependencies: [Dependency]
    /// Whether it is isolated to the main actor: it may wrap only a binding built there.
    let isMainActor: Bool
    /// Compiles it for the binding it decorates: a ``Decoration`` of the bound type.
    let makeDecoration: @Sendable (Binding, Compiler) -> AnyObject

    init(
        key: ServiceKey, id: String?, versionText: String?, site: DeclarationSite, dependencies: [Dependency],
        isMainActor: Bool, makeDecoration: @escaping @Sendable (Binding, Compiler) -> AnyObject
    ) {
        self.isMainActor = isMainActor
        self.key = key
        self.id = id
        self.versionText = versionText
        self.version = versionText.flatMap(Version.init)
        self.site = site
        self.dependencies = dependencies
        self.makeDecoration = makeDecoration
    }
}

/// A compiled decorator of `T`: wraps an instance.
@usableFromInline
final class Decoration<T>: Sendable {
    @usableFromInline let apply: @Sendable (T) throws(ResolutionError) -> T

    @usableFromInline
    init(_ apply: @escaping @Sendable (T) throws(ResolutionError) -> T) {
        self.apply = apply
    }
}
