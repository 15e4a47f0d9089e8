/// How to turn a binding into a producer once the graph is known.
///
/// Its closures are made by the `bind` methods. Those of autowired and opaque bindings are
/// compiled once, generically, in this module (so a large module of bindings compiles fast);
/// those of bindings with run-time arguments are inlined into the caller's module.
@usableFromInline
struct Recipe: Sendable {
    let makeProducer: @Sendable (Binding, Compiler) -> any AnyProducer
    /// A producer of the same type that refuses to build (a strict child's live-only binding).
    let makeRefusal: @Sendable (Binding) -> any AnyProducer
    /// Whether the factory asks a ``Resolver`` for the dependencies it declared with `needs:`.
    let isOpaque: Bool
    /// How to build the binding with `await`, when it is asynchronous; `nil` for a recipe that
    /// cannot await its dependencies, which then stays synchronous.
    let makeAsyncProducer: (@Sendable (Binding, Compiler) -> any AnyAsyncProducer)?
    /// Whether the factory itself is `async`.
    let isAsync: Bool
    /// Whether the factory is isolated to the main actor (`bind(_:onMainActor:)`).
    let isMainActor: Bool
    /// For a synchronous factory isolated to the main actor, how to make the asynchronous
    /// producer that hops to the main actor and runs the binding's synchronous producer there.
    let mainActorHop: (@Sendable (any AnyProducer) -> any AnyAsyncProducer)?
    /// Whether it serves a value made beforehand (`bind(_:toInstance:)`).
    let isInstance: Bool

    @usableFromInline
    init(
        makeProducer: @escaping @Sendable (Binding, Compiler) -> any AnyProducer,
        makeRefusal: @escaping @Sendable (Binding) -> any AnyProducer,
        isOpaque: Bool = false,
        makeAsyncProducer: (@Sendable (Binding, Compiler) -> any AnyAsyncProducer)? = nil,
        isAsync: Bool = false,
        isMainActor: Bool = false,
        mainActorHop: (@Sendable (any AnyProducer) -> any AnyAsyncProducer)? = nil,
        isInstance: Bool = false
    ) {
        self.isInstance = isInstance
        self.makeProducer = makeProducer
        self.makeRefusal = makeRefusal
        self.isOpaque = isOpaque
        self.makeAsyncProducer = makeAsyncProducer
        self.isAsync = isAsync
        self.isMainActor = isMainActor
        self.mainActorHop = mainActorHop
    }
}

/// A producer that refuses to build `binding`, for a strict child injector.
@usableFromInline
func refusal<T: Sendable>(of binding: Binding, as type: T.Type) -> any AnyProducer {
    Producer<T> { () throws(ResolutionError) -> T in
        throw ResolutionError(.liveOnly(binding.site), key: binding.key, path: [PathStep(binding)])
    }
}
