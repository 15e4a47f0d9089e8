/// An injector's compiled producers, looked up by key. A child's table holds only what the
/// child compiled and falls back to its parent's. Producers that resolve later (providers,
/// lazy values, opaque factories) reach their table through a weak ``Late`` reference.
@usableFromInline
final class ProducerTable: Sendable {
    /// Keeps every producer of this table alive; ``unnamed`` refers to them unretained.
    private let producers: [ServiceKey: any AnyProducer]
    @usableFromInline let unnamed: TypeTable
    private let parent: ProducerTable?
    private let unsatisfied: [ServiceKey: Unsatisfied]
    /// The reference this table's producers hold to it.
    let reference: Late<ProducerTable>

    init(producers: [ServiceKey: any AnyProducer], parent: ProducerTable?,
         unsatisfied: [ServiceKey: Unsatisfied], reference: Late<ProducerTable>) {
        self.producers = producers
        self.parent = parent
        self.unsatisfied = unsatisfied
        self.reference = reference
        unnamed = TypeTable(producers.compactMap { $0.key.name == nil ? ($0.key.id, $0.value) : nil })
    }

    /// The producer of `key`, here or in a parent's table.
    func producer(for key: ServiceKey) -> (any AnyProducer)? {
        producers[key] ?? parent?.producer(for: key)
    }

    @inlinable
    func resolve<T: Sendable>(_ type: T.Type) throws(ResolutionError) -> T {
        guard let producer = unnamed[ObjectIdentifier(type)] else { return try resolveUnlisted(type) }
        return try Self.get(producer, as: type)
    }

    /// Calls a producer that a table keeps alive.
    @inlinable
    static func get<T: Sendable>(_ producer: Unmanaged<AnyObject>, as type: T.Type) throws(ResolutionError) -> T {
        do {
            return try producer._withUnsafeGuaranteedRef { try unsafeDowncast($0, to: Producer<T>.self).get() }
        } catch {
            throw error as! ResolutionError
        }
    }

    /// Resolves a type this table compiled no producer for: a parent's, a provider or lazy
    /// value, or an error.
    @usableFromInline
    func resolveUnlisted<T: Sendable>(_ type: T.Type) throws(ResolutionError) -> T {
        var table = parent
        while let current = table {
            if let producer = current.unnamed[ObjectIdentifier(type)] { return try Self.get(producer, as: type) }
            table = current.parent
        }
        if let special = type as? any SpecialDependency.Type {
            return try unsafeDowncast(special.makeProducer(table: reference), to: Producer<T>.self).get()
        }
        throw unresolvable(.of(type))
    }

    func resolve<T: Sendable>(_ type: T.Type, named name: String) throws(ResolutionError) -> T {
        let key = ServiceKey.of(type, named: name)
        guard let producer = producer(for: key) else { throw unresolvable(key) }
        return try unsafeDowncast(producer, to: Producer<T>.self).get()
    }

    private func unresolvable(_ key: ServiceKey) -> ResolutionError {
        var table: ProducerTable? = self
        while let current = table {
            if let missing = current.unsatisfied[key] {
                return ResolutionError(.noVersion(selected: missing.selected, bound: missing.bound), key: key)
            }
            table = current.parent
        }
        return ResolutionError(.noBinding, key: key)
    }
}
