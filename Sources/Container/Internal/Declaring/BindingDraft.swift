/// The mutable record behind a ``BindingBuilder``, read once its binder is frozen.
final class BindingDraft {
    let type: any Any.Type
    let site: DeclarationSite
    let recipe: Recipe
    let dependencies: [Dependency]
    var name: String?
    var version: String?
    var scope = Scope.transient
    var isOverriding = false
    var isLiveOnly = false
    let freeze: BinderFreeze

    init(type: any Any.Type, site: DeclarationSite, recipe: Recipe, dependencies: [Dependency], freeze: BinderFreeze) {
        self.type = type
        self.site = site
        self.recipe = recipe
        self.dependencies = dependencies
        self.freeze = freeze
    }

    func check(_ call: @autoclosure () -> String) {
        freeze.check("\(call()) on the binding of \(ServiceKey(type: type, name: name)) declared at \(site)")
    }

    var binding: Binding {
        Binding(key: ServiceKey(type: type, name: name), versionText: version, scope: scope,
                isOverriding: isOverriding, isLiveOnly: isLiveOnly, site: site, recipe: recipe,
                dependencies: dependencies)
    }
}
