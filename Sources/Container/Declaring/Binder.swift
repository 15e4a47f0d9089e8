/// Collects the bindings of the modules given to an ``Injector``.
///
/// A binder lives only while its injector is being built: once `Injector(modules:)` or
/// `child` returns, the binder is frozen and any further call stops the program with a
/// message naming the call.
public final class Binder {
    var drafts: [BindingDraft] = []
    private var decoratorDrafts: [DecoratorDraft] = []
    var declarations: [CollectionDeclaration] = []
    var withdrawals: [Withdrawal] = []
    let freeze = BinderFreeze()

    init() {}

    /// Binds `type` to a factory whose parameters are its dependencies, typically an
    /// initializer. The container reads the dependencies from the parameter types, so it knows
    /// every edge of the graph before it builds anything.
    ///
    /// ```swift
    /// binder.bind(CartService.self, to: CartServiceV2.init).version("v2")
    /// binder.bind(Clock.self) { (settings: Settings) in SystemClock(zone: settings.zone) }
    /// ```
    ///
    /// A parameter of type ``Provider`` or ``Lazy`` builds its type on demand, which also makes
    /// a dependency cycle through it legal.
    ///
    /// Factories of up to three parameters take the fixed-arity overloads beside this one, which
    /// call the factory without building a parameter pack on each resolve; this one serves
    /// four parameters and more.
    @discardableResult
    public func bind<T: Sendable, each D: Sendable>(
        _ type: T.Type,
        to factory: @escaping @Sendable (repeat each D) throws -> T,
        file: String = #fileID,
        line: Int = #line
    ) -> BindingBuilder<T> {
        autowired(type, needing: repeat (each D).self, site: DeclarationSite(fileID: file, line: line)) {
            source, binding in
            let arguments = source.arguments(for: repeat (each D).self)
            return { () throws(ResolutionError) -> T in
                var position = 0
                return try binding.calling { try factory(repeat try arguments.next((each D).self, at: &position)) }
            }
        }
    }

    /// Binds `type` to a factory of no dependencies, typically an initializer; see the
    /// variadic `bind(_:to:file:line:)`.
    @_documentation(visibility: internal)
    @discardableResult
    public func bind<T: Sendable>(
        _ type: T.Type,
        to factory: @escaping @Sendable () throws -> T,
        file: String = #fileID,
        line: Int = #line
    ) -> BindingBuilder<T> {
        autowired(type, site: DeclarationSite(fileID: file, line: line)) { _, binding in
            { () throws(ResolutionError) -> T in
                return try binding.calling { try factory() }
            }
        }
    }

    /// Binds `type` to a factory of no dependencies that cannot fail, typically an initializer
    /// that does not throw; see the variadic `bind(_:to:file:line:)`.
    ///
    /// The overload that Swift picks for such a factory: with nothing to catch, the factory
    /// itself builds each instance, with no closure of the container around it.
    @_documentation(visibility: internal)
    @discardableResult
    public func bind<T: Sendable>(
        _ type: T.Type,
        to factory: @escaping @Sendable () -> T,
        file: String = #fileID,
        line: Int = #line
    ) -> BindingBuilder<T> {
        autowired(type, site: DeclarationSite(fileID: file, line: line)) { _, _ in factory }
    }

    /// Binds `type` to a factory of one dependency, typically an initializer; see the
    /// variadic `bind(_:to:file:line:)`.
    @_documentation(visibility: internal)
    @discardableResult
    public func bind<T: Sendable, D0: Sendable>(
        _ type: T.Type,
        to factory: @escaping @Sendable (D0) throws -> T,
        file: String = #fileID,
        line: Int = #line
    ) -> BindingBuilder<T> {
        autowired(type, needing: D0.self, site: DeclarationSite(fileID: file, line: line)) { source, binding in
            let d0 = source.producer(D0.self, at: 0, of: binding)
            return { () throws(ResolutionError) -> T in
                return try binding.calling { try factory(try d0.get()) }
            }
        }
    }

    /// Binds `type` to a factory of two dependencies, typically an initializer; see the
    /// variadic `bind(_:to:file:line:)`.
    @_documentation(visibility: internal)
    @discardableResult
    public func bind<T: Sendable, D0: Sendable, D1: Sendable>(
        _ type: T.Type,
        to factory: @escaping @Sendable (D0, D1) throws -> T,
        file: String = #fileID,
        line: Int = #line
    ) -> BindingBuilder<T> {
        autowired(type, needing: D0.self, D1.self, site: DeclarationSite(fileID: file, line: line)) { source, binding in
            let d0 = source.producer(D0.self, at: 0, of: binding)
            let d1 = source.producer(D1.self, at: 1, of: binding)
            return { () throws(ResolutionError) -> T in
                return try binding.calling { try factory(try d0.get(), try d1.get()) }
            }
        }
    }

    /// Binds `type` to a factory of three dependencies, typically an initializer; see the
    /// variadic `bind(_:to:file:line:)`.
    @_documentation(visibility: internal)
    @discardableResult
    public func bind<T: Sendable, D0: Sendable, D1: Sendable, D2: Sendable>(
        _ type: T.Type,
        to factory: @escaping @Sendable (D0, D1, D2) throws -> T,
        file: String = #fileID,
        line: Int = #line
    ) -> BindingBuilder<T> {
        autowired(type, needing: D0.self, D1.self, D2.self, site: DeclarationSite(fileID: file, line: line)) {
            source, binding in
            let d0 = source.producer(D0.self, at: 0, of: binding)
            let d1 = source.producer(D1.self, at: 1, of: binding)
            let d2 = source.producer(D2.self, at: 2, of: binding)
            return { () throws(ResolutionError) -> T in
                return try binding.calling { try factory(try d0.get(), try d1.get(), try d2.get()) }
            }
        }
    }

    /// What every autowired `bind` shares: it records the dependencies and, when the injector
    /// is built, lets `compile` gather their producers and wraps the call it returns in the
    /// binding's scope. That call catches what the factory throws itself
    /// (``Binding/calling(_:)``, inlined), so no closure of the container wraps it.
    ///
    /// Not inlinable, like the `bind` methods that call it: one generic copy serves every
    /// binding, so a module of thousands of bindings compiles about as fast as the same
    /// wiring written by hand. (Inlined, each call site was specialized and optimized on its
    /// own: 5–6× the hand-written release build, growing faster than the bindings.)
    private func autowired<T: Sendable, each D: Sendable>(
        _ type: T.Type,
        needing dependencies: repeat (each D).Type,
        site: DeclarationSite,
        compile: @escaping @Sendable (DependencySource, Binding) -> @Sendable () throws(ResolutionError) -> T
    ) -> BindingBuilder<T> {
        let edges = Dependency.list(repeat each dependencies)
        // One closure for both ways of building, so a binding allocates (and frees) one context.
        let recipe = Recipe.autowired { binding, compiler, awaiting in
            guard awaiting else {
                return compiler.producer(of: binding, decorating: true, compile(.compiler(compiler), binding))
            }
            // When a dependency built first is asynchronous: the binding awaits each
            // dependency, then calls the factory with the values it got.
            let awaited = compiler.arguments(for: repeat each dependencies)
            return compiler.producer(
                of: binding, decorating: true,
                awaiting: { () async throws(ResolutionError) -> T in
                    let arguments: Arguments
                    arguments = try await binding.callingAsync { try await awaited.built(repeat each dependencies) }
                    return try compile(.built(arguments), binding)()
                })
        }
        return add(type, recipe: recipe, dependencies: edges, site: site)
    }

    /// Binds `type` to a factory that asks a ``Resolver`` for what it needs: the escape hatch
    /// for factories that decide at run time what to resolve. The factory declares every type
    /// it may ask for; validation checks those edges like any other, and the resolver refuses
    /// anything undeclared.
    ///
    /// ```swift
    /// binder.bind(Storage.self, needs: Settings.self, Provider<DiskStorage>.self) { resolver in
    ///     let settings = try resolver.resolve(Settings.self)
    ///     return settings.inMemory ? MemoryStorage() : try resolver.resolve(Provider<DiskStorage>.self)()
    /// }
    /// ```
    ///
    /// Prefer autowired factories, whose edges come from their parameter types and cannot
    /// drift from what the factory uses.
    @discardableResult
    public func bind<T: Sendable, First, each Rest>(
        _ type: T.Type,
        needs first: First.Type,
        _ rest: repeat (each Rest).Type,
        file: String = #fileID,
        line: Int = #line,
        to factory: @escaping @Sendable (Resolver) throws -> T
    ) -> BindingBuilder<T> {
        var dependencies = [Dependency.of(First.self)]
        repeat dependencies.append(Dependency.of((each Rest).self))
        return bindOpaque(type, needs: dependencies, site: DeclarationSite(fileID: file, line: line), factory)
    }

    /// Binds `type` to a factory that asks a ``Resolver`` for the keys it declares, which may
    /// name bindings: `needs: [.of(Database.self, named: "primary"), .of(Clock.self)]`. See
    /// ``bind(_:needs:_:file:line:to:)``.
    @discardableResult
    public func bind<T: Sendable>(
        _ type: T.Type,
        needs keys: [ServiceKey],
        file: String = #fileID,
        line: Int = #line,
        to factory: @escaping @Sendable (Resolver) throws -> T
    ) -> BindingBuilder<T> {
        bindOpaque(type, needs: keys.map(Dependency.of), site: DeclarationSite(fileID: file, line: line), factory)
    }

    /// A factory that takes only a ``Resolver`` and declares nothing, as Swinject's
    /// `register(T.self) { resolver in … }` does, does not compile: a resolver serves only what
    /// its binding declares, so the binding says `needs:`. A factory that needs nothing is
    /// `bind(T.self) { T() }`.
    @available(
        *, unavailable,
        message:
            "an opaque factory declares what it resolves: bind(T.self, needs: A.self) { resolver in … }; a factory that needs nothing is bind(T.self) { T() }"
    )
    @discardableResult
    public func bind<T: Sendable>(
        _ type: T.Type,
        to factory: @escaping @Sendable (Resolver) throws -> T,
        file: String = #fileID,
        line: Int = #line
    ) -> BindingBuilder<T> {
        bindOpaque(type, needs: [], site: DeclarationSite(fileID: file, line: line), factory)
    }

    private func bindOpaque<T: Sendable>(
        _ type: T.Type, needs declared: [Dependency], site: DeclarationSite,
        _ factory: @escaping @Sendable (Resolver) throws -> T
    ) -> BindingBuilder<T> {
        // A type declared twice is one edge; a ScopeResetter, which every injector gives, is none.
        var dependencies: [Dependency] = []
        for dependency in declared where !dependencies.contains(dependency) && dependency.isEdge {
            dependencies.append(dependency)
        }
        let recipe = Recipe.opaque { binding, compiler in
            let table = compiler.table
            return compiler.producer(of: binding, decorating: true) { () throws(ResolutionError) -> T in
                try binding.calling { try factory(Resolver(table: table, binding: binding)) }
            }
        }
        return add(type, recipe: recipe, dependencies: dependencies, site: site)
    }

    /// Binds `type` to a value made beforehand; every request gets that value.
    @discardableResult
    public func bind<T: Sendable>(
        _ type: T.Type,
        toInstance instance: T,
        file: String = #fileID,
        line: Int = #line
    ) -> BindingBuilder<T> {
        let recipe = Recipe.instance { binding, compiler in
            compiler.producer(of: binding, decorating: true) { () throws(ResolutionError) -> T in instance }
        }
        return add(type, recipe: recipe, dependencies: [], site: DeclarationSite(fileID: file, line: line))
    }

    @usableFromInline
    func add<T>(
        _ type: T.Type, recipe: Recipe, dependencies: [Dependency], site: DeclarationSite,
        arguments: (list: ArgumentList, factory: any Any.Type)? = nil
    ) -> BindingBuilder<T> {
        freeze.check("bind(\(type)) at \(site)")
        let draft = BindingDraft(
            type: type, site: site, recipe: recipe, dependencies: dependencies,
            arguments: arguments, freeze: freeze)
        drafts.append(draft)
        return BindingBuilder(draft: draft)
    }

    @usableFromInline
    func addDecorator<T>(
        _ type: T.Type, site: DeclarationSite, dependencies: [Dependency], isMainActor: Bool = false,
        makeDecoration: @escaping @Sendable (Binding, Compiler) -> AnyObject
    ) -> DecoratorBuilder<T> {
        freeze.check("decorate(\(type)) at \(site)")
        let draft = DecoratorDraft(
            type: type, site: site, dependencies: dependencies, isMainActor: isMainActor,
            makeDecoration: makeDecoration, freeze: freeze)
        decoratorDrafts.append(draft)
        return DecoratorBuilder(draft: draft)
    }

    /// Ends the binder's life and returns what it declared, in declaration order.
    func finish() -> Declarations {
        freeze.isFrozen = true
        var bindings: [Binding] = []
        bindings.reserveCapacity(drafts.count)
        for draft in drafts { draft.appendBindings(to: &bindings) }
        return Declarations(
            bindings: bindings, decorators: decoratorDrafts.map(\.decorator),
            collections: declarations, withdrawals: withdrawals)
    }
}
