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

    @usableFromInline
    init(makeProducer: @escaping @Sendable (Binding, Compiler) -> any AnyProducer,
         makeRefusal: @escaping @Sendable (Binding) -> any AnyProducer,
         isOpaque: Bool = false) {
        self.makeProducer = makeProducer
        self.makeRefusal = makeRefusal
        self.isOpaque = isOpaque
    }
}

/// A producer that refuses to build `binding`, for a strict child injector.
@usableFromInline
func refusal<T: Sendable>(of binding: Binding, as type: T.Type) -> any AnyProducer {
    Producer<T> { () throws(ResolutionError) -> T in
        throw ResolutionError(.liveOnly(binding.site), key: binding.key, path: [PathStep(binding)])
    }
}
