/// Collects the bindings of the modules given to an ``Injector``.
///
/// A binder lives only while its injector is being built: once `Injector(modules:)` or
/// `child` returns, the binder is frozen and any further call stops the program with a
/// message naming the call.
public final class Binder {
    private var drafts: [BindingDraft] = []
    private let freeze = BinderFreeze()

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
    @inlinable @discardableResult
    public func bind<T: Sendable, each D: Sendable>(
        _ type: T.Type,
        to factory: @escaping @Sendable (repeat each D) throws -> T,
        file: String = #fileID,
        line: Int = #line
    ) -> BindingBuilder<T> {
        var dependencies: [Dependency] = []
        repeat dependencies.append(Dependency.of((each D).self))
        let recipe = Recipe(
            makeProducer: { binding, compiler in
                var producers: [any AnyProducer] = []
                repeat producers.append(compiler.producer(for: (each D).self))
                let arguments = Arguments(producers)
                return compiler.scoped(binding) { () throws(ResolutionError) -> T in
                    var position = 0
                    do {
                        return try factory(repeat try arguments.next((each D).self, at: &position))
                    } catch {
                        throw ResolutionError.wrapping(error, in: binding)
                    }
                }
            },
            makeRefusal: { refusal(of: $0, as: T.self) })
        return add(type, recipe: recipe, dependencies: dependencies, site: DeclarationSite(fileID: file, line: line))
    }

    /// Binds `type` to a factory that asks a ``Resolver`` for what it needs: the escape hatch
    /// for factories that cannot name their dependencies as parameters. Validation learns its
    /// edges by running it once with a recording resolver, so keep such factories free of
    /// side effects.
    @inlinable @discardableResult
    public func bind<T: Sendable>(
        _ type: T.Type,
        to factory: @escaping @Sendable (Resolver) throws -> T,
        file: String = #fileID,
        line: Int = #line
    ) -> BindingBuilder<T> {
        let recipe = Recipe(
            makeProducer: { binding, compiler in opaqueProducer(factory, binding: binding, compiler: compiler) },
            makeRefusal: { refusal(of: $0, as: T.self) },
            dryRun: { resolver in _ = try? factory(resolver) })
        return add(type, recipe: recipe, dependencies: [], site: DeclarationSite(fileID: file, line: line))
    }

    /// Binds `type` to a value made beforehand; every request gets that value.
    @inlinable @discardableResult
    public func bind<T: Sendable>(
        _ type: T.Type,
        toInstance instance: T,
        file: String = #fileID,
        line: Int = #line
    ) -> BindingBuilder<T> {
        let recipe = Recipe(
            makeProducer: { _, _ in Producer<T> { () throws(ResolutionError) -> T in instance } },
            makeRefusal: { refusal(of: $0, as: T.self) })
        return add(type, recipe: recipe, dependencies: [], site: DeclarationSite(fileID: file, line: line))
    }

    @usableFromInline
    func add<T>(_ type: T.Type, recipe: Recipe, dependencies: [Dependency],
                site: DeclarationSite) -> BindingBuilder<T> {
        freeze.check("bind(\(type)) at \(site)")
        let draft = BindingDraft(type: type, site: site, recipe: recipe, dependencies: dependencies, freeze: freeze)
        drafts.append(draft)
        return BindingBuilder(draft: draft)
    }

    /// Ends the binder's life and returns its bindings in declaration order.
    func freezeBindings() -> [Binding] {
        freeze.isFrozen = true
        return drafts.map(\.binding)
    }
}

/// Whether a binder's injector is built, shared with the builders it handed out so a late
/// refinement is caught too.
final class BinderFreeze {
    var isFrozen = false

    func check(_ call: @autoclosure () -> String) {
        precondition(!isFrozen, """
            \(call()) came after its injector was built; the injector's bindings are frozen.
            fix: declare bindings inside Module.configure(_:) or the closure given to child(_:), \
            not in code that runs later
            """)
    }
}
