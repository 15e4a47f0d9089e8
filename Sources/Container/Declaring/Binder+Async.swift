extension Binder {
    /// Binds `type` to an `async` factory whose parameters are its dependencies, such as an
    /// `async` initializer that opens a store.
    ///
    /// ```swift
    /// binder.bind(Store.self) { (settings: Settings) async throws in
    ///     try await Store.open(at: settings.storePath)
    /// }.scope(.eagerSingleton)
    /// ```
    ///
    /// The binding is *asynchronous*, and so is every binding that needs it directly (or as an
    /// optional): resolve them with `try await injector.resolveAsync(_:)`. A synchronous factory that
    /// needs it later takes an ``AsyncProvider`` of it instead. ``Injector/explain(_:named:)``
    /// and ``Injector/graph`` say which bindings are asynchronous and why.
    @discardableResult
    public func bind<T: Sendable, each D: Sendable>(
        _ type: T.Type,
        to factory: @escaping @Sendable (repeat each D) async throws -> T,
        file: String = #fileID,
        line: Int = #line
    ) -> BindingBuilder<T> {
        bindAsync(type, isMainActor: false, site: DeclarationSite(fileID: file, line: line), factory)
    }

    /// What the `async` `bind` methods share; `isMainActor` marks a factory isolated to the
    /// main actor, which hops there itself when called.
    func bindAsync<T: Sendable, each D: Sendable>(
        _ type: T.Type, isMainActor: Bool, site: DeclarationSite,
        _ factory: @escaping @Sendable (repeat each D) async throws -> T
    ) -> BindingBuilder<T> {
        let dependencies = Dependency.list(repeat (each D).self)
        let recipe = Recipe.async(Self.awaiting(factory), isMainActor: isMainActor)
        return add(type, recipe: recipe, dependencies: dependencies, site: site)
    }

    /// How to build with `await` a binding whose factory is `factory`: await each dependency,
    /// asynchronous or not, then call the factory.
    private static func awaiting<T: Sendable, each D: Sendable>(
        _ factory: @escaping @Sendable (repeat each D) async throws -> T
    ) -> @Sendable (Binding, Compiler) -> any AnyProducer {
        { binding, compiler in
            let arguments = compiler.arguments(for: repeat (each D).self)
            return compiler.producer(
                of: binding, decorating: true,
                awaiting: { () async throws(ResolutionError) -> T in
                    var position = 0
                    return try await binding.callingAsync {
                        try await factory(repeat try await arguments.nextAsync((each D).self, at: &position))
                    }
                })
        }
    }
}
