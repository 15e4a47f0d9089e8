extension Binder {
    /// Binds `type` to a factory isolated to the main actor, such as the initializer of a
    /// `@MainActor` view model; its parameters are its dependencies, as for `bind(_:to:)`.
    ///
    /// ```swift
    /// @MainActor final class ProfileViewModel {
    ///     init(api: APIClient) { ... }
    /// }
    ///
    /// binder.bind(ProfileViewModel.self, onMainActor: ProfileViewModel.init)
    /// binder.bind(Badge.self) { @MainActor (model: ProfileViewModel) in Badge(model) }
    /// ```
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
    /// `T` must be `Sendable`, since a caller off the main actor receives the instance: a
    /// `@MainActor` class is. A closure that calls main-actor code says so, `{ @MainActor ... in }`;
    /// an `async` main-actor initializer takes the `async` overload of this method.
    @discardableResult
    public func bind<T: Sendable, each D: Sendable>(
        _ type: T.Type,
        onMainActor factory: @escaping @MainActor @Sendable (repeat each D) throws -> T,
        file: String = #fileID,
        line: Int = #line
    ) -> BindingBuilder<T> {
        let dependencies = Dependency.list(repeat (each D).self)
        let recipe = Recipe.mainActor(
            { binding, compiler in
                let arguments = compiler.arguments(for: repeat (each D).self)
                let offMainActor = ResolutionError(.mainActorIsolated, key: binding.key, path: [PathStep(binding)])
                let scoped = compiler.scoped(binding) { () throws(ResolutionError) -> T in
                    // Checked here too, since an eager singleton is built without the check below.
                    guard MainActorContext.isCurrent else { throw offMainActor }
                    do {
                        return try MainActor.assumeIsolated { () throws -> T in
                            var position = 0
                            return try factory(repeat try arguments.next((each D).self, at: &position))
                        }
                    } catch {
                        throw ResolutionError.wrapping(error, in: binding)
                    }
                }
                // Checked before the scope's cell, so that a synchronous resolve off the main
                // actor fails every time, not only until another caller has built a singleton.
                return Producer(caching: scoped.isCaching) { () throws(ResolutionError) -> T in
                    guard MainActorContext.isCurrent else { throw offMainActor }
                    return try scoped.get()
                }
            },
            // Used when a dependency built first is asynchronous: the binding awaits each
            // dependency wherever it is, then hops to the main actor to call the factory.
            awaiting: { binding, compiler in
                let awaited = compiler.arguments(for: repeat (each D).self)
                return compiler.asyncScoped(binding) { () async throws(ResolutionError) -> T in
                    let arguments: Arguments
                    do {
                        arguments = try await awaited.built(repeat (each D).self)
                    } catch {
                        // A dependency's error names this binding first, as the synchronous call's does.
                        throw ResolutionError.wrapping(error, in: binding)
                    }
                    return try await MainActor.run {
                        Result { () throws(ResolutionError) -> T in
                            try MainActorContext.marked { () throws(ResolutionError) -> T in
                                do {
                                    var position = 0
                                    return try factory(repeat try arguments.next((each D).self, at: &position))
                                } catch {
                                    throw ResolutionError.wrapping(error, in: binding)
                                }
                            }
                        }
                    }.get()
                }
            },
            hop: { producer in
                // The producer of a binding of `T` is a `Producer<T>` (see ``Producer``).
                let synchronous = checkedProducer(producer, as: T.self)
                let hop = { @Sendable () async throws(ResolutionError) -> T in
                    try await MainActor.run {
                        Result { () throws(ResolutionError) -> T in try MainActorContext.marked(synchronous.get) }
                    }.get()
                }
                return Producer(caching: synchronous.isCaching, synchronous.get, awaited: hop)
            })
        return add(type, recipe: recipe, dependencies: dependencies, site: DeclarationSite(fileID: file, line: line))
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
