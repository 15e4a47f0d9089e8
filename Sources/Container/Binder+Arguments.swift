// Swift 6.3 cannot infer two parameter packs in one function type (the arguments and the
// dependencies), so arguments come in fixed arities of one to three, and dependencies stay a
// pack of any length.

extension Binder {
    /// Binds `type` to a factory that takes a run-time argument before its dependencies:
    /// consumers inject `Factory<A, T>` and call it with the argument, or call
    /// ``Injector/resolve(_:named:arguments:_:)``.
    ///
    /// ```swift
    /// binder.bind(OrderDetail.self, arguments: OrderID.self) { (id: OrderID, api: APIClient) in
    ///     OrderDetail(id: id, api: api)
    /// }
    /// ```
    ///
    /// Validation checks the dependencies like any other edges, and that every injected
    /// factory passes these argument types. `.singleton`, `.weak` and resettable scopes keep
    /// one instance per distinct argument value.
    @inlinable @discardableResult
    public func bind<T: Sendable, A: Hashable & Sendable, each D: Sendable>(
        _ type: T.Type,
        arguments: A.Type,
        file: String = #fileID,
        line: Int = #line,
        to factory: @escaping @Sendable (A, repeat each D) throws -> T
    ) -> BindingBuilder<T> {
        var dependencies: [Dependency] = []
        repeat dependencies.append(Dependency.of((each D).self))
        let recipe = Recipe(
            makeProducer: { binding, compiler in
                var producers: [any AnyProducer] = []
                repeat producers.append(compiler.producer(for: (each D).self))
                let resolved = Arguments(producers)
                return compiler.scopedFactory(binding) { (a: A) throws(ResolutionError) -> T in
                    var position = 0
                    do {
                        return try factory(a, repeat try resolved.next((each D).self, at: &position))
                    } catch {
                        throw ResolutionError.wrapping(error, in: binding)
                    }
                }
            },
            makeRefusal: { refusal(of: $0, as: Factory<A, T>.self) })
        return add(type, recipe: recipe, dependencies: dependencies, site: DeclarationSite(fileID: file, line: line),
                   arguments: (ArgumentList(A.self), Factory<A, T>.self))
    }

    /// Binds `type` to a factory that takes two run-time arguments before its dependencies;
    /// see ``bind(_:arguments:file:line:to:)``.
    @inlinable @discardableResult
    public func bind<T: Sendable, A: Hashable & Sendable, B: Hashable & Sendable, each D: Sendable>(
        _ type: T.Type,
        arguments: A.Type, _ second: B.Type,
        file: String = #fileID,
        line: Int = #line,
        to factory: @escaping @Sendable (A, B, repeat each D) throws -> T
    ) -> BindingBuilder<T> {
        var dependencies: [Dependency] = []
        repeat dependencies.append(Dependency.of((each D).self))
        let recipe = Recipe(
            makeProducer: { binding, compiler in
                var producers: [any AnyProducer] = []
                repeat producers.append(compiler.producer(for: (each D).self))
                let resolved = Arguments(producers)
                return compiler.scopedFactory(binding) { (a: A, b: B) throws(ResolutionError) -> T in
                    var position = 0
                    do {
                        return try factory(a, b, repeat try resolved.next((each D).self, at: &position))
                    } catch {
                        throw ResolutionError.wrapping(error, in: binding)
                    }
                }
            },
            makeRefusal: { refusal(of: $0, as: Factory<A, B, T>.self) })
        return add(type, recipe: recipe, dependencies: dependencies, site: DeclarationSite(fileID: file, line: line),
                   arguments: (ArgumentList(A.self, B.self), Factory<A, B, T>.self))
    }

    /// Binds `type` to a factory that takes three run-time arguments before its dependencies;
    /// see ``bind(_:arguments:file:line:to:)``.
    @inlinable @discardableResult
    public func bind<T: Sendable, A: Hashable & Sendable, B: Hashable & Sendable, C: Hashable & Sendable,
                     each D: Sendable>(
        _ type: T.Type,
        arguments: A.Type, _ second: B.Type, _ third: C.Type,
        file: String = #fileID,
        line: Int = #line,
        to factory: @escaping @Sendable (A, B, C, repeat each D) throws -> T
    ) -> BindingBuilder<T> {
        var dependencies: [Dependency] = []
        repeat dependencies.append(Dependency.of((each D).self))
        let recipe = Recipe(
            makeProducer: { binding, compiler in
                var producers: [any AnyProducer] = []
                repeat producers.append(compiler.producer(for: (each D).self))
                let resolved = Arguments(producers)
                return compiler.scopedFactory(binding) { (a: A, b: B, c: C) throws(ResolutionError) -> T in
                    var position = 0
                    do {
                        return try factory(a, b, c, repeat try resolved.next((each D).self, at: &position))
                    } catch {
                        throw ResolutionError.wrapping(error, in: binding)
                    }
                }
            },
            makeRefusal: { refusal(of: $0, as: Factory<A, B, C, T>.self) })
        return add(type, recipe: recipe, dependencies: dependencies, site: DeclarationSite(fileID: file, line: line),
                   arguments: (ArgumentList(A.self, B.self, C.self), Factory<A, B, C, T>.self))
    }
}
