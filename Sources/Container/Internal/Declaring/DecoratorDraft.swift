/// The mutable record behind a ``DecoratorBuilder``, read once its binder is frozen.
final class DecoratorDraft {
    let type: any Any.Type
    let site: DeclarationSite
    let dependencies: [Dependency]
    let isMainActor: Bool
    let makeDecoration: @Sendable (Binding, Compiler) -> AnyObject
    var name: String?
    var version: String?
    var id: String?
    let freeze: BinderFreeze

    init(
        type: any Any.Type, site: DeclarationSite, dependencies: [Dependency], isMainActor: Bool,
        makeDecoration: @escaping @Sendable (Binding, Compiler) -> AnyObject, freeze: BinderFreeze
    ) {
        self.isMainActor = isMainActor
        self.type = type
        self.site = site
        self.dependencies = dependencies
        self.makeDecoration = makeDecoration
        self.freeze = freeze
    }

    func check(_ call: @autoclosure () -> String) {
        freeze.check("\(call()) on the decorator of \(ServiceKey(type: type, name: name)) declared at \(site)")
    }

    var decorator: Decorator {
        Decorator(
            key: ServiceKey(type: type, name: name), id: id, versionText: version, site: site,
            dependencies: dependencies, isMainActor: isMainActor, makeDecoration: makeDecoration)
    }
}
