/// Turns an injector level's selected bindings into producers, each capturing its
/// dependencies' producers, so that resolving follows pointers instead of looking keys up.
@usableFromInline
final class Compiler {
    private let layer: Layer
    /// A parent's producer that this level shares, if it does.
    private let inherited: (ServiceKey) -> (any AnyProducer)?
    @usableFromInline let scopes: ScopeRegistry
    private var inProgress: Set<ServiceKey> = []
    /// What this compiler built; not what it inherited.
    private(set) var producers: [ServiceKey: any AnyProducer] = [:]
    private(set) var resettable: [String: [any ResettableCell]] = [:]
    private(set) var eager: [@Sendable () throws -> Void] = []
    /// The table being built, for providers, lazy values and opaque factories.
    @usableFromInline let table = Late<ProducerTable>()

    init(layer: Layer, inherited: @escaping (ServiceKey) -> (any AnyProducer)?, scopes: ScopeRegistry) {
        self.layer = layer
        self.inherited = inherited
        self.scopes = scopes
    }

    /// Compiles the binding of `key`, unless it is compiled or inherited already.
    func compile(_ key: ServiceKey) {
        guard producers[key] == nil, inherited(key) == nil, let binding = layer.binding(for: key) else { return }
        producers[key] = makeProducer(binding)
    }

    /// Whether a binding serves `key` at this level.
    func serves(_ key: ServiceKey) -> Bool {
        layer.binding(for: key) != nil
    }

    /// The producer for a factory parameter of type `T`.
    @usableFromInline
    func producer<T>(for type: T.Type) -> Producer<T> {
        // Checked casts: compiling runs once per binding, so the check costs nothing that matters.
        if let special = type as? any SpecialDependency.Type {
            return Container.producer(of: special, compiledBy: self) as! Producer<T>
        }
        return producer(for: .of(type), as: type)
    }

    /// The producer of the binding of `key`, whose type is `T`.
    func producer<T>(for key: ServiceKey, as type: T.Type) -> Producer<T> {
        if let existing = producers[key] ?? inherited(key) { return existing as! Producer<T> }
        guard let binding = layer.binding(for: key) else {
            // Only an unvalidated graph gets here; validation reports the missing binding.
            let error = layer.unresolvable(key)
            return Producer { () throws(ResolutionError) -> T in throw error }
        }
        guard !inProgress.contains(key) else {
            // Only an unvalidated graph gets here; validation reports the whole loop.
            return Producer { () throws(ResolutionError) -> T in throw ResolutionError(.cycle([key, key]), key: key) }
        }
        let producer = makeProducer(binding)
        producers[key] = producer
        return producer as! Producer<T>
    }

    private func makeProducer(_ binding: Binding) -> any AnyProducer {
        if layer.refused.contains(binding.key) { return binding.recipe.makeRefusal(binding) }
        inProgress.insert(binding.key)
        defer { inProgress.remove(binding.key) }
        return binding.recipe.makeProducer(binding, self)
    }

    /// Wraps `make` in the caching that the binding's scope asks for. Inlined into `bind`, so
    /// the producer closures and the singleton fast path are specialized for `T`.
    @inlinable
    func scoped<T: Sendable>(_ binding: Binding,
                             _ make: @escaping @Sendable () throws(ResolutionError) -> T) -> Producer<T> {
        switch binding.scope.kind {
        case .transient:
            return Producer(make)
        case .singleton, .eagerSingleton:
            let cell = SingletonCell<T>(key: binding.key)
            let producer = Producer(caching: true) { () throws(ResolutionError) -> T in try cell.get(make) }
            if binding.scope.kind == .eagerSingleton { buildEagerly(producer) }
            return producer
        case .weak:
            let cell = WeakCell<T>(key: binding.key)
            return Producer(caching: true) { () throws(ResolutionError) -> T in try cell.get(make) }
        case .resettable(let name):
            let cell = ScopedCell<T>(key: binding.key, generation: scopes.generation(of: name))
            register(cell, in: name)
            return Producer(caching: true) { () throws(ResolutionError) -> T in try cell.get(make) }
        }
    }

    @usableFromInline
    func buildEagerly<T: Sendable>(_ producer: Producer<T>) {
        eager.append { _ = try producer.get() }
    }

    @usableFromInline
    func register(_ cell: any ResettableCell, in scope: String) {
        resettable[scope, default: []].append(cell)
    }
}
