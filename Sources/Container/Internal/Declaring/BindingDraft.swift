/// The mutable record behind a ``BindingBuilder``, read once its binder is frozen.
final class BindingDraft {
    let type: any Any.Type
    let site: DeclarationSite
    let recipe: Recipe
    let dependencies: [Dependency]
    /// For a binding with run-time arguments: their types, and the ``Factory`` type it makes.
    let arguments: (list: ArgumentList, factory: any Any.Type)?
    var name: String?
    var version: String?
    var scope = Scope.transient
    var isOverriding = false
    var isLiveOnly = false
    var isRetirement = false
    var closer: Closer?
    /// A contribution's identity in its collection, and the collection.
    var item: ItemIdentity?
    var membership: Membership?
    /// The other types this binding serves (`.implements`), each with the cast to it, and, for
    /// a binding with run-time arguments, the ``Factory`` of that type which serves it.
    var forwards: [(type: any Any.Type, recipe: Recipe, factory: (any Any.Type)?)] = []
    let freeze: BinderFreeze

    init(
        type: any Any.Type, site: DeclarationSite, recipe: Recipe, dependencies: [Dependency],
        arguments: (list: ArgumentList, factory: any Any.Type)?, freeze: BinderFreeze
    ) {
        self.arguments = arguments
        self.type = type
        self.site = site
        self.recipe = recipe
        self.dependencies = dependencies
        self.freeze = freeze
    }

    func check(_ call: @autoclosure () -> String) {
        freeze.check(
            "\(call()) on the binding of \(ServiceKey(type: type, name: name, item: item)) declared at \(site)")
    }

    /// Appends the binding, then one for each type it forwards to: a transient binding that
    /// serves the source's instance, so duplicates, versions, children and the graph see it
    /// like any other, and the source's scope alone decides how long the instance lives.
    ///
    /// Appends rather than returns an array: most drafts forward nothing, and an array each
    /// (then joined into one) was an allocation and a copy per binding when an injector is built.
    func appendBindings(to bindings: inout [Binding]) {
        let key = ServiceKey(type: type, name: name, item: item)
        let source = Binding(
            key: key, versionText: version, scope: scope, isOverriding: isOverriding,
            isLiveOnly: isLiveOnly, site: site, recipe: recipe, dependencies: dependencies,
            arguments: arguments?.list, producedType: arguments?.factory, membership: membership?.named(name),
            isRetirement: isRetirement, closer: closer)
        bindings.append(source)
        for forward in forwards {
            bindings.append(
                Binding(
                    key: ServiceKey(type: forward.type, name: name), versionText: version, scope: .transient,
                    isOverriding: isOverriding, isLiveOnly: false, site: site, recipe: forward.recipe,
                    dependencies: [
                        Dependency(
                            key: key, kind: forward.factory == nil ? .direct : .factory,
                            arguments: arguments?.list)
                    ],
                    forwardsTo: key, arguments: arguments?.list, producedType: forward.factory,
                    isMainActorIsolated: source.isMainActorIsolated))
        }
    }
}

/// Everything one binder declared, in declaration order.
struct Declarations {
    let bindings: [Binding]
    let decorators: [Decorator]
    let collections: [CollectionDeclaration]
    let withdrawals: [Withdrawal]
}

/// Whether a binder's injector is built, shared with the builders it handed out so a late
/// refinement is caught too.
final class BinderFreeze {
    var isFrozen = false

    func check(_ call: @autoclosure () -> String) {
        precondition(
            !isFrozen,
            """
            \(call()) came after its injector was built; the injector's bindings are frozen.
            fix: declare bindings inside Module.configure(_:) or the closure given to child(_:), \
            not in code that runs later
            """)
    }
}
