/// What a binding compiles to: the producer a synchronous resolve calls, and the one `await`
/// calls when the binding is asynchronous or isolated to the main actor.
///
/// Kept together, under the binding's storage key, so that the compiler makes both in one
/// step and a table looks both up with one key; for an asynchronous binding, ``producer``
/// throws why it cannot be built without `await`.
struct CompiledBinding: Sendable {
    let producer: any AnyProducer
    let asyncProducer: (any AnyAsyncProducer)?

    init(_ producer: any AnyProducer, async asyncProducer: (any AnyAsyncProducer)? = nil) {
        self.producer = producer
        self.asyncProducer = asyncProducer
    }
}
