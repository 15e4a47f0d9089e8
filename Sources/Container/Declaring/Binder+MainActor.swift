extension Binder {
    /// Binds `type` to a closure that runs on the main actor, as a closure that builds a
    /// `@MainActor` view model must; its parameters are its dependencies, as for `bind(_:to:)`.
    ///
    /// ```swift
    /// binder.bind(ProfileViewModel.self, onMainActor: { (api: APIClient) in ProfileViewModel(api: api) })
    /// ```
    ///
    /// A closure given here is main-actor code without saying `@MainActor`; `bind(_:to:)`
    /// takes an initializer isolated to the main actor, or a closure that says `@MainActor`,
    /// the same way. `T` and the dependencies here are `Sendable` (so that a trailing closure of
    /// such a type has one method to go to); a closure of a type that is not says `@MainActor`
    /// and is given to `bind(_:to:)`.
    ///
    /// The binding is *isolated to the main actor*: its factory, its decorators and its scope's
    /// single build run there. On the main actor, `try injector.resolve(_:)` builds it as any
    /// other binding; elsewhere, `try await injector.resolveAsync(_:)` hops to the main actor to
    /// build it, and the synchronous resolve throws ``ResolutionError/Reason/mainActorIsolated``
    /// instead of stopping the program. A binding that is not isolated may take it only through
    /// an ``AsyncProvider`` or ``AsyncLazy``, or by awaiting it in an `async` factory;
    /// validation reports any other holder as an isolation captive
    /// (``GraphProblem/Kind/isolationCaptive``).
    ///
    /// An `async` main-actor initializer takes the `async` overload of this method.
    @discardableResult
    public func bind<T: Sendable, each D: Sendable>(
        _ type: T.Type,
        onMainActor factory: @escaping @MainActor @Sendable (repeat each D) throws -> T,
        file: String = #fileID,
        line: Int = #line
    ) -> BindingBuilder<T> {
        bindOnMainActor(type, site: DeclarationSite(fileID: file, line: line), factory)
    }

    /// Binds `type` to a factory isolated to the main actor, typically the initializer of a
    /// `@MainActor` class: every class of an app target built with default main-actor isolation
    /// (Swift 6.2's `.defaultIsolation(MainActor.self)`, the default of new Xcode app targets).
    /// `T` and the dependencies need not be `Sendable`, so protocols written as such a target
    /// writes them (`protocol Clock { func now() -> Date }`) bind as they are:
    ///
    /// ```swift
    /// binder.bind(Clock.self, to: SystemClock.init)        // @MainActor init()
    /// binder.bind(CartService.self, to: CartV1.init)       // @MainActor init(api: APIClient)
    /// binder.bind(Badge.self) { @MainActor (model: ProfileViewModel) in Badge(model) }
    /// ```
    ///
    /// The binding is isolated to the main actor, as with `bind(_:onMainActor:)`: on the main
    /// actor, `try injector.resolve(_:)` builds it; a synchronous resolve elsewhere throws
    /// ``ResolutionError/Reason/mainActorIsolated``, and validation reports a binding that is
    /// not isolated and holds it (``GraphProblem/Kind/isolationCaptive``). Swift picks this
    /// method for an initializer isolated to the main actor; a closure says `@MainActor` to be
    /// one, since a closure is not isolated by what it calls.
    @discardableResult
    public func bind<T, each D>(
        _ type: T.Type,
        to factory: @escaping @MainActor @Sendable (repeat each D) throws -> T,
        file: String = #fileID,
        line: Int = #line
    ) -> BindingBuilder<T> {
        bindOnMainActor(type, site: DeclarationSite(fileID: file, line: line), factory)
    }

    /// Binds a type that is not `Sendable` to a factory of no dependencies that is not
    /// isolated, such as the initializer of a class with no stored properties in a target with
    /// default main-actor isolation, which Swift leaves non-isolated. An instance that is not
    /// `Sendable` must stay on one actor, so the binding is isolated to the main actor, as
    /// with the `bind(_:to:)` of a main-actor factory; a `Sendable` type takes
    /// the `bind(_:to:)` that is not isolated.
    @discardableResult
    public func bind<T>(
        _ type: T.Type,
        to factory: @escaping @Sendable () throws -> T,
        file: String = #fileID,
        line: Int = #line
    ) -> BindingBuilder<T> {
        bindOnMainActor(type, site: DeclarationSite(fileID: file, line: line), factory)
    }

    /// Binds a type that is not `Sendable` to a factory of one dependency that is not isolated;
    /// see the factory of no dependencies.
    @_documentation(visibility: internal)
    @discardableResult
    public func bind<T, D0>(
        _ type: T.Type,
        to factory: @escaping @Sendable (D0) throws -> T,
        file: String = #fileID,
        line: Int = #line
    ) -> BindingBuilder<T> {
        bindOnMainActor(type, site: DeclarationSite(fileID: file, line: line), factory)
    }

    /// Binds a type that is not `Sendable` to a factory of two dependencies that is not
    /// isolated; see the factory of no dependencies.
    @_documentation(visibility: internal)
    @discardableResult
    public func bind<T, D0, D1>(
        _ type: T.Type,
        to factory: @escaping @Sendable (D0, D1) throws -> T,
        file: String = #fileID,
        line: Int = #line
    ) -> BindingBuilder<T> {
        bindOnMainActor(type, site: DeclarationSite(fileID: file, line: line), factory)
    }

    /// Binds a type that is not `Sendable` to a factory of three dependencies that is not
    /// isolated; see the factory of no dependencies.
    @_documentation(visibility: internal)
    @discardableResult
    public func bind<T, D0, D1, D2>(
        _ type: T.Type,
        to factory: @escaping @Sendable (D0, D1, D2) throws -> T,
        file: String = #fileID,
        line: Int = #line
    ) -> BindingBuilder<T> {
        bindOnMainActor(type, site: DeclarationSite(fileID: file, line: line), factory)
    }

    /// Wraps whatever serves `type` with a decorator isolated to the main actor, such as the
    /// initializer of a `@MainActor` wrapper class, which every class of a target with default
    /// main-actor isolation is; `T` and the dependencies need not be `Sendable`.
    ///
    /// ```swift
    /// binder.decorate(NotesStore.self, with: LoggingNotesStore.init)   // @MainActor init(_:log:)
    /// binder.decorate(NotesStore.self) { @MainActor (inner: any NotesStore) in CountingNotesStore(inner) }
    /// ```
    ///
    /// It may wrap only a binding whose factory runs on the main actor and is synchronous
    /// (`bind(_:to:)` with a `@MainActor` initializer, or `bind(_:onMainActor:)`): validation
    /// reports any other as an isolation captive (``GraphProblem/Kind/isolationCaptive``). It
    /// runs where that binding's factory runs, after it; otherwise it is as
    /// `decorate(_:file:line:with:)` for a `Sendable` type.
    @discardableResult
    public func decorate<T, each D>(
        _ type: T.Type,
        file: String = #fileID,
        line: Int = #line,
        with decorator: @escaping @MainActor @Sendable (T, repeat each D) throws -> T
    ) -> DecoratorBuilder<T> {
        let dependencies = Dependency.list(repeat (each D).self)
        let site = DeclarationSite(fileID: file, line: line)
        return addDecorator(type, site: site, dependencies: dependencies, isMainActor: true) { binding, compiler in
            let resolved = compiler.arguments(for: repeat (each D).self)
            return Decoration<T> { (inner: T) throws(ResolutionError) -> T in
                // Validation lets it wrap only a binding built on the main actor; checked all the
                // same, so that a wrong answer stops nothing.
                let wrapped = MainActorConfined(inner)
                return try Self.onMainActor(binding) { () throws -> T in
                    var position = 0
                    return try decorator(wrapped.value, repeat try resolved.next((each D).self, at: &position))
                }.value
            }
        }
    }

    /// Runs `body`, code of `binding` isolated to the main actor, once the container knows it is
    /// on the main actor, which `MainActor.assumeIsolated` needs not to stop the program; what it
    /// makes comes back boxed, since its type need not be `Sendable`.
    private static func onMainActor<T>(
        _ binding: Binding, _ body: @MainActor () throws -> T
    ) throws(ResolutionError) -> MainActorConfined<T> {
        guard MainActorContext.isCurrent else {
            throw ResolutionError(.mainActorIsolated, key: binding.key, path: [PathStep(binding)])
        }
        return try binding.calling {
            try MainActor.assumeIsolated { () throws -> MainActorConfined<T> in MainActorConfined(try body()) }
        }
    }

    /// What every synchronous binding isolated to the main actor shares. What it builds is
    /// kept in a ``MainActorConfined`` box, so `T` need not be `Sendable`; the producer kept
    /// for the key unboxes it on the main actor.
    private func bindOnMainActor<T, each D>(
        _ type: T.Type, site: DeclarationSite,
        _ factory: @escaping @MainActor @Sendable (repeat each D) throws -> T
    ) -> BindingBuilder<T> {
        let dependencies = Dependency.list(repeat (each D).self)
        /// Calls the factory with `arguments`, then the binding's decorators, on the main actor.
        @Sendable func build(
            _ arguments: Arguments, _ binding: Binding,
            decorate: (@Sendable (T) throws(ResolutionError) -> T)?
        ) throws(ResolutionError) -> MainActorConfined<T> {
            // Checked here too, since an eager singleton is built without the producer's check.
            let built = try Self.onMainActor(binding) { () throws -> T in
                var position = 0
                return try factory(repeat try arguments.next((each D).self, at: &position))
            }
            guard let decorate else { return built }
            return MainActorConfined(try decorate(built.value))
        }
        let recipe = Recipe.mainActor(
            { binding, compiler in
                let offMainActor = ResolutionError(.mainActorIsolated, key: binding.key, path: [PathStep(binding)])
                let arguments = compiler.arguments(for: repeat (each D).self)
                let decorate = compiler.decoration(of: binding, as: T.self)
                // Decorated inside the box, on the main actor, by `build`.
                let boxed = compiler.producer(of: binding, decorating: false) {
                    () throws(ResolutionError) -> MainActorConfined<T> in
                    try build(arguments, binding, decorate: decorate)
                }
                // Checked before the scope's cell, so that a synchronous resolve off the main
                // actor fails every time, not only until another caller has built a singleton.
                return Producer(caching: boxed.isCaching) { () throws(ResolutionError) -> T in
                    guard MainActorContext.isCurrent else { throw offMainActor }
                    return try boxed.get().value
                }
            },
            // Used when a dependency built first is asynchronous: the binding awaits each
            // dependency wherever it is, then hops to the main actor to call the factory.
            awaiting: { binding, compiler in
                let awaited = compiler.arguments(for: repeat (each D).self)
                let decorate = compiler.decoration(of: binding, as: T.self)
                let boxed = compiler.producer(
                    of: binding, decorating: false,
                    awaiting: { () async throws(ResolutionError) -> MainActorConfined<T> in
                        let arguments: Arguments
                        arguments = try await binding.callingAsync { try await awaited.built(repeat (each D).self) }
                        return try await MainActor.run {
                            Result { () throws(ResolutionError) -> MainActorConfined<T> in
                                try MainActorContext.marked { () throws(ResolutionError) -> MainActorConfined<T> in
                                    try build(arguments, binding, decorate: decorate)
                                }
                            }
                        }.get()
                    })
                let refusal = compiler.asynchronousError(binding)
                return Producer(
                    caching: boxed.isCaching, { () throws(ResolutionError) -> T in throw refusal },
                    awaited: { () async throws(ResolutionError) -> T in try await boxed.getAsync().value })
            })
        return add(type, recipe: recipe, dependencies: dependencies, site: site)
    }

    /// Binds `type` to an `async` factory isolated to the main actor, such as the `async`
    /// initializer of a `@MainActor` type; see the synchronous `bind(_:onMainActor:file:line:)`.
    ///
    /// ```swift
    /// binder.bind(Gallery.self, onMainActor: Gallery.init)   // @MainActor init(api: APIClient) async
    /// ```
    ///
    /// The binding is asynchronous as well as isolated: it is resolved with `try await` from
    /// anywhere, awaiting its dependencies first and then its factory, which runs on the main
    /// actor. A synchronous factory of the same name takes the synchronous overload, which is
    /// not asynchronous.
    @discardableResult
    public func bind<T: Sendable, each D: Sendable>(
        _ type: T.Type,
        onMainActor factory: @escaping @MainActor @Sendable (repeat each D) async throws -> T,
        file: String = #fileID,
        line: Int = #line
    ) -> BindingBuilder<T> {
        // Converting it to a function that is not isolated makes each call hop to the main actor.
        bindAsync(type, isMainActor: true, site: DeclarationSite(fileID: file, line: line), factory)
    }
}
