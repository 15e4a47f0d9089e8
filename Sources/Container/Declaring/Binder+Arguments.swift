// Swift 6.3 cannot infer two parameter packs in one function type (the arguments and the
// dependencies), so arguments come in fixed arities of one to six, and dependencies stay a
// pack of any length. Each arity's pack form only spells its arguments out and hands them on
// as one pack (`bindWithArguments(_:arguments:needing:site:call:)`). The commonest shape, one argument and up to three dependencies, also
// has fixed-arity overloads: a call through them builds no parameter pack, and calls its
// dependencies' typed producers directly, which costs less than reading them through
// `Arguments` or a pack. The pack forms go through `Arguments`: a tuple of the pack's
// producers costs more per call.

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
    /// one instance per distinct argument value. Overloads beside this one take two to six
    /// arguments, `bind(_:arguments:_:_:…)`, each `Hashable & Sendable`, before the
    /// dependencies.
    @inlinable @discardableResult
    public func bind<T: Sendable, A: Hashable & Sendable, each D: Sendable>(
        _ type: T.Type,
        arguments: A.Type,
        file: String = #fileID,
        line: Int = #line,
        to factory: @escaping @Sendable (A, repeat each D) throws -> T
    ) -> BindingBuilder<T> {
        bindWithArguments(
            type, arguments: A.self, needing: repeat (each D).self,
            site: DeclarationSite(fileID: file, line: line)
        ) { resolved, a in
            var position = 0
            return try factory(a, repeat try resolved.next((each D).self, at: &position))
        }
    }

    /// Binds `type` to a factory that takes a run-time argument and no dependencies; see
    /// ``bind(_:arguments:file:line:to:)-(_,_,_,_,(A,D)->T)``.
    @_documentation(visibility: internal)
    @inlinable @discardableResult
    public func bind<T: Sendable, A: Hashable & Sendable>(
        _ type: T.Type,
        arguments: A.Type,
        file: String = #fileID,
        line: Int = #line,
        to factory: @escaping @Sendable (A) throws -> T
    ) -> BindingBuilder<T> {
        bindWithArguments(
            type, arguments: ArgumentList(A.self), factory: Factory<A, T>.self,
            site: DeclarationSite(fileID: file, line: line)
        ) { binding, compiler in
            compiler.factory(of: binding) { (a: A) throws(ResolutionError) -> T in
                return try binding.calling { try factory(a) }
            }
        }
    }

    /// Binds `type` to a factory that takes a run-time argument and one dependency; see
    /// ``bind(_:arguments:file:line:to:)-(_,_,_,_,(A,D)->T)``.
    @_documentation(visibility: internal)
    @inlinable @discardableResult
    public func bind<T: Sendable, A: Hashable & Sendable, D0: Sendable>(
        _ type: T.Type,
        arguments: A.Type,
        file: String = #fileID,
        line: Int = #line,
        to factory: @escaping @Sendable (A, D0) throws -> T
    ) -> BindingBuilder<T> {
        bindWithArguments(
            type, arguments: ArgumentList(A.self), factory: Factory<A, T>.self,
            needing: D0.self, site: DeclarationSite(fileID: file, line: line)
        ) { binding, compiler in
            let d0 = compiler.producer(for: D0.self)
            return compiler.factory(of: binding) { (a: A) throws(ResolutionError) -> T in
                return try binding.calling { try factory(a, try d0.get()) }
            }
        }
    }

    /// Binds `type` to a factory that takes a run-time argument and two dependencies; see
    /// ``bind(_:arguments:file:line:to:)-(_,_,_,_,(A,D)->T)``.
    @_documentation(visibility: internal)
    @inlinable @discardableResult
    public func bind<T: Sendable, A: Hashable & Sendable, D0: Sendable, D1: Sendable>(
        _ type: T.Type,
        arguments: A.Type,
        file: String = #fileID,
        line: Int = #line,
        to factory: @escaping @Sendable (A, D0, D1) throws -> T
    ) -> BindingBuilder<T> {
        bindWithArguments(
            type, arguments: ArgumentList(A.self), factory: Factory<A, T>.self,
            needing: D0.self, D1.self, site: DeclarationSite(fileID: file, line: line)
        ) { binding, compiler in
            let d0 = compiler.producer(for: D0.self)
            let d1 = compiler.producer(for: D1.self)
            return compiler.factory(of: binding) { (a: A) throws(ResolutionError) -> T in
                return try binding.calling { try factory(a, try d0.get(), try d1.get()) }
            }
        }
    }

    /// Binds `type` to a factory that takes a run-time argument and three dependencies; see
    /// ``bind(_:arguments:file:line:to:)-(_,_,_,_,(A,D)->T)``.
    @_documentation(visibility: internal)
    @inlinable @discardableResult
    public func bind<T: Sendable, A: Hashable & Sendable, D0: Sendable, D1: Sendable, D2: Sendable>(
        _ type: T.Type,
        arguments: A.Type,
        file: String = #fileID,
        line: Int = #line,
        to factory: @escaping @Sendable (A, D0, D1, D2) throws -> T
    ) -> BindingBuilder<T> {
        bindWithArguments(
            type, arguments: ArgumentList(A.self), factory: Factory<A, T>.self,
            needing: D0.self, D1.self, D2.self, site: DeclarationSite(fileID: file, line: line)
        ) { binding, compiler in
            let d0 = compiler.producer(for: D0.self)
            let d1 = compiler.producer(for: D1.self)
            let d2 = compiler.producer(for: D2.self)
            return compiler.factory(of: binding) { (a: A) throws(ResolutionError) -> T in
                return try binding.calling { try factory(a, try d0.get(), try d1.get(), try d2.get()) }
            }
        }
    }

    /// Binds `type` to a factory that takes two run-time arguments before its dependencies;
    /// see ``bind(_:arguments:file:line:to:)-(_,_,_,_,(A,D)->T)``.
    @inlinable @discardableResult
    public func bind<T: Sendable, A: Hashable & Sendable, B: Hashable & Sendable, each D: Sendable>(
        _ type: T.Type,
        arguments: A.Type, _ second: B.Type,
        file: String = #fileID,
        line: Int = #line,
        to factory: @escaping @Sendable (A, B, repeat each D) throws -> T
    ) -> BindingBuilder<T> {
        bindWithArguments(
            type, arguments: A.self, B.self, needing: repeat (each D).self,
            site: DeclarationSite(fileID: file, line: line)
        ) { resolved, a, b in
            var position = 0
            return try factory(a, b, repeat try resolved.next((each D).self, at: &position))
        }
    }

    /// Binds `type` to a factory that takes three run-time arguments before its dependencies;
    /// see ``bind(_:arguments:file:line:to:)-(_,_,_,_,(A,D)->T)``.
    @inlinable @discardableResult
    public func bind<
        T: Sendable, A: Hashable & Sendable, B: Hashable & Sendable, C: Hashable & Sendable,
        each D: Sendable
    >(
        _ type: T.Type,
        arguments: A.Type, _ second: B.Type, _ third: C.Type,
        file: String = #fileID,
        line: Int = #line,
        to factory: @escaping @Sendable (A, B, C, repeat each D) throws -> T
    ) -> BindingBuilder<T> {
        bindWithArguments(
            type, arguments: A.self, B.self, C.self, needing: repeat (each D).self,
            site: DeclarationSite(fileID: file, line: line)
        ) { resolved, a, b, c in
            var position = 0
            return try factory(a, b, c, repeat try resolved.next((each D).self, at: &position))
        }
    }

    /// Binds `type` to a factory that takes four run-time arguments before its dependencies;
    /// see ``bind(_:arguments:file:line:to:)-(_,_,_,_,(A,D)->T)``.
    @inlinable @discardableResult
    public func bind<
        T: Sendable, A: Hashable & Sendable, B: Hashable & Sendable, C: Hashable & Sendable,
        A4: Hashable & Sendable, each D: Sendable
    >(
        _ type: T.Type,
        arguments: A.Type, _ second: B.Type, _ third: C.Type, _ fourth: A4.Type,
        file: String = #fileID,
        line: Int = #line,
        to factory: @escaping @Sendable (A, B, C, A4, repeat each D) throws -> T
    ) -> BindingBuilder<T> {
        bindWithArguments(
            type, arguments: A.self, B.self, C.self, A4.self, needing: repeat (each D).self,
            site: DeclarationSite(fileID: file, line: line)
        ) { resolved, a, b, c, a4 in
            var position = 0
            return try factory(a, b, c, a4, repeat try resolved.next((each D).self, at: &position))
        }
    }

    /// Binds `type` to a factory that takes five run-time arguments before its dependencies;
    /// see ``bind(_:arguments:file:line:to:)-(_,_,_,_,(A,D)->T)``.
    @inlinable @discardableResult
    public func bind<
        T: Sendable, A: Hashable & Sendable, B: Hashable & Sendable, C: Hashable & Sendable,
        A4: Hashable & Sendable, A5: Hashable & Sendable, each D: Sendable
    >(
        _ type: T.Type,
        arguments: A.Type, _ second: B.Type, _ third: C.Type, _ fourth: A4.Type, _ fifth: A5.Type,
        file: String = #fileID,
        line: Int = #line,
        to factory: @escaping @Sendable (A, B, C, A4, A5, repeat each D) throws -> T
    ) -> BindingBuilder<T> {
        bindWithArguments(
            type, arguments: A.self, B.self, C.self, A4.self, A5.self, needing: repeat (each D).self,
            site: DeclarationSite(fileID: file, line: line)
        ) { resolved, a, b, c, a4, a5 in
            var position = 0
            return try factory(a, b, c, a4, a5, repeat try resolved.next((each D).self, at: &position))
        }
    }

    /// Binds `type` to a factory that takes six run-time arguments before its dependencies;
    /// see ``bind(_:arguments:file:line:to:)-(_,_,_,_,(A,D)->T)``.
    ///
    /// Six is the most: a type that needs more values known only at call time reads better
    /// taking one value that groups them.
    @inlinable @discardableResult
    public func bind<
        T: Sendable, A: Hashable & Sendable, B: Hashable & Sendable, C: Hashable & Sendable,
        A4: Hashable & Sendable, A5: Hashable & Sendable, A6: Hashable & Sendable, each D: Sendable
    >(
        _ type: T.Type,
        arguments: A.Type, _ second: B.Type, _ third: C.Type, _ fourth: A4.Type, _ fifth: A5.Type, _ sixth: A6.Type,
        file: String = #fileID,
        line: Int = #line,
        to factory: @escaping @Sendable (A, B, C, A4, A5, A6, repeat each D) throws -> T
    ) -> BindingBuilder<T> {
        bindWithArguments(
            type, arguments: A.self, B.self, C.self, A4.self, A5.self, A6.self,
            needing: repeat (each D).self,
            site: DeclarationSite(fileID: file, line: line)
        ) { resolved, a, b, c, a4, a5, a6 in
            var position = 0
            return try factory(a, b, c, a4, a5, a6, repeat try resolved.next((each D).self, at: &position))
        }
    }

    /// What the pack forms of every arity share: each spells out its arguments (two packs
    /// cannot be inferred from one function type) and reads its dependencies from
    /// `resolved`, which comes first (a pack must end a function type's
    /// unlabelled parameters); the arguments stay one pack from here on.
    @inlinable
    func bindWithArguments<T: Sendable, each A: Hashable & Sendable, each D: Sendable>(
        _ type: T.Type,
        arguments: repeat (each A).Type,
        needing dependencies: repeat (each D).Type,
        site: DeclarationSite,
        call: @escaping @Sendable (Arguments, repeat each A) throws -> T
    ) -> BindingBuilder<T> {
        bindWithArguments(
            type, arguments: ArgumentList(repeat (each A).self), factory: Factory<repeat each A, T>.self,
            needing: repeat each dependencies, site: site
        ) { binding, compiler in
            let resolved = compiler.arguments(for: repeat (each D).self)
            return compiler.factory(of: binding) { (arguments: repeat each A) throws(ResolutionError) -> T in
                return try binding.calling { try call(resolved, repeat each arguments) }
            }
        }
    }

    /// What every arity of `bind(_:arguments:…)` shares: the dependencies' edges, and
    /// registering a binding that makes a `F` (its ``Factory``); `compile` gathers the
    /// dependencies' producers and makes the factory.
    @inlinable
    func bindWithArguments<T: Sendable, F: Sendable, each D: Sendable>(
        _ type: T.Type,
        arguments list: ArgumentList,
        factory: F.Type,
        needing dependencies: repeat (each D).Type,
        site: DeclarationSite,
        compile: @escaping @Sendable (Binding, Compiler) -> Producer<F>
    ) -> BindingBuilder<T> {
        let edges = Dependency.list(repeat each dependencies)
        return add(type, recipe: .arguments(compile), dependencies: edges, site: site, arguments: (list, F.self))
    }
}
