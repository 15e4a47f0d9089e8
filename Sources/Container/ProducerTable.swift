/// An injector's compiled producers, looked up by key. Producers that need to resolve later
/// (providers, lazy values, opaque factories) reach it through a weak ``Late`` reference.
@usableFromInline
final class ProducerTable: Sendable {
    let producers: [ServiceKey: any AnyProducer]
    @usableFromInline let unnamed: TypeTable
    let unsatisfied: [ServiceKey: Injector.Unsatisfied]
    /// The reference this table's producers hold to it.
    let reference: Late<ProducerTable>

    init(producers: [ServiceKey: any AnyProducer], unsatisfied: [ServiceKey: Injector.Unsatisfied],
         reference: Late<ProducerTable>) {
        self.producers = producers
        self.unsatisfied = unsatisfied
        self.reference = reference
        unnamed = TypeTable(producers.compactMap { $0.key.name == nil ? ($0.key.id, $0.value) : nil })
    }

    @inlinable
    func resolve<T: Sendable>(_ type: T.Type) throws(ResolutionError) -> T {
        guard let producer = unnamed[ObjectIdentifier(type)] else { return try resolveUnlisted(type) }
        do {
            // `producers` keeps every producer alive while this table exists.
            return try producer._withUnsafeGuaranteedRef { try unsafeDowncast($0, to: Producer<T>.self).get() }
        } catch {
            throw error as! ResolutionError
        }
    }

    /// Resolves a type this table has no producer for: a provider or lazy value, or an error.
    @usableFromInline
    func resolveUnlisted<T: Sendable>(_ type: T.Type) throws(ResolutionError) -> T {
        if let special = type as? any SpecialDependency.Type {
            return try unsafeDowncast(special.makeProducer(table: reference), to: Producer<T>.self).get()
        }
        throw unresolvable(.of(type))
    }

    func resolve<T: Sendable>(_ type: T.Type, named name: String) throws(ResolutionError) -> T {
        let key = ServiceKey.of(type, named: name)
        guard let producer = producers[key] else { throw unresolvable(key) }
        return try unsafeDowncast(producer, to: Producer<T>.self).get()
    }

    private func unresolvable(_ key: ServiceKey) -> ResolutionError {
        if let (selected, bound) = unsatisfied[key] {
            return ResolutionError(.noVersion(selected: selected, bound: bound), key: key)
        }
        return ResolutionError(.noBinding, key: key)
    }
}
