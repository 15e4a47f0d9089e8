extension Binder {
    /// Wraps whatever serves `type` with `decorator`, which takes the undecorated instance and
    /// autowired dependencies: logging, metrics or a test spy around a service, without
    /// touching its class.
    ///
    /// ```swift
    /// binder.decorate(CartService.self) { (inner: any CartService, log: Logger) in
    ///     LoggingCart(inner, log: log)
    /// }
    /// ```
    ///
    /// The decorated instance takes the binding's scope: a singleton is decorated once, and
    /// types forwarded with ``BindingBuilder/implements(_:_:)`` see the decorated instance.
    /// Decorators apply in declaration order, the first declared innermost; a child injector's
    /// decorators wrap outside its parent's. Validation reports a decorator of a type nothing
    /// binds, and checks its dependencies like any other edges.
    @inlinable @discardableResult
    public func decorate<T: Sendable, each D: Sendable>(
        _ type: T.Type,
        file: String = #fileID,
        line: Int = #line,
        with decorator: @escaping @Sendable (T, repeat each D) throws -> T
    ) -> DecoratorBuilder<T> {
        let dependencies = Dependency.list(repeat (each D).self)
        let site = DeclarationSite(fileID: file, line: line)
        return addDecorator(type, site: site, dependencies: dependencies) { binding, compiler in
            let resolved = compiler.arguments(for: repeat (each D).self)
            return Decoration<T> { (inner: T) throws(ResolutionError) -> T in
                var position = 0
                return try binding.calling {
                    try decorator(inner, repeat try resolved.next((each D).self, at: &position))
                }
            }
        }
    }
}
