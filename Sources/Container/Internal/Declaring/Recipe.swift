/// What kind of binding a `bind` method declared, carrying the closures that turn it into
/// producers once the graph is known.
///
/// The closures are generic over the bound type, so the producer kept for a key of type `T`
/// is a `Producer<T>` (see ``Producer``). Those of autowired and opaque bindings are compiled
/// once, generically, in this module (so a large module of bindings compiles fast); those of
/// bindings with run-time arguments are inlined into the caller's module.
@usableFromInline
enum Recipe: Sendable {
    /// Makes the producer of a binding: one built without `await`, or, where a case says it
    /// is awaited, one that builds with `await` (see ``Producer/awaited``). The compiler calls
    /// it, in ``Compiler/make(_:)``, the one place where a recipe becomes a producer.
    @usableFromInline typealias Make = @Sendable (Binding, Compiler) -> any AnyProducer

    /// Makes an autowired binding's producer: one built without `await`, or, when `awaiting`,
    /// one that builds once each dependency is awaited.
    @usableFromInline typealias MakeAutowired = @Sendable (Binding, Compiler, _ awaiting: Bool) -> any AnyProducer

    /// A factory whose dependencies the injector passes; made `awaiting` when a dependency
    /// built first is asynchronous. One closure for both, where the other cases keep two: every
    /// binding of a large module is autowired, and each closure is an allocation to make and free.
    case autowired(MakeAutowired)
    /// A synchronous factory isolated to the main actor (`bind(_:onMainActor:)`): `awaiting` is
    /// how it is built when a dependency is asynchronous (else `await` hops to the main actor to
    /// call the synchronous producer, ``AnyProducer/hoppingToMainActor()``).
    case mainActor(Make, awaiting: Make)
    /// An `async` factory, isolated to the main actor or not.
    case async(Make, isMainActor: Bool)
    /// A factory that asks a ``Resolver`` for the dependencies it declared with `needs:`.
    case opaque(Make)
    /// A value made beforehand (`bind(_:toInstance:)`).
    case instance(Make)
    /// A binding with run-time arguments, whose producer makes its ``Factory``.
    case arguments(Make)
    /// A type served through another binding (`.implements`); `awaiting` awaits the source.
    case forward(Make, awaiting: Make)
    /// A list or a map of contributions.
    case collection(Make)
    /// A retirement, which is never chosen to serve its key, so never compiled.
    case retirement

    /// Whether the factory asks a ``Resolver`` for the dependencies it declared with `needs:`.
    var isOpaque: Bool {
        if case .opaque = self { true } else { false }
    }

    /// Whether the factory itself is `async`.
    var isAsync: Bool {
        if case .async = self { true } else { false }
    }

    /// Whether the factory is isolated to the main actor.
    var isMainActor: Bool {
        switch self {
        case .mainActor, .async(_, isMainActor: true): true
        default: false
        }
    }

    /// Whether it serves a value made beforehand.
    var isInstance: Bool {
        if case .instance = self { true } else { false }
    }

    /// Whether the binding can be built with `await` when a dependency is asynchronous: the
    /// kinds that keep a way to await their dependencies. Any other kind stays synchronous.
    var canAwait: Bool {
        switch self {
        case .autowired, .mainActor, .async, .forward: true
        case .opaque, .instance, .arguments, .collection, .retirement: false
        }
    }
}
