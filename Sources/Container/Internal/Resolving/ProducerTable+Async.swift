extension ProducerTable {
    /// Resolves `type` with `await`: its asynchronous producer when it has one, else its
    /// synchronous one. Each level is asked for both before its parent, since a child may
    /// serve synchronously what its parent serves asynchronously, or the other way round.
    @inlinable
    func resolveAsync<T: Sendable>(_ type: T.Type) async throws(ResolutionError) -> T {
        let id = ObjectIdentifier(type)
        var table: ProducerTable? = self
        while let current = table {
            if let producer = current.asyncUnnamed[id] { return try await Self.getAsync(producer, as: type) }
            if let producer = current.unnamed[id] { return try Self.get(producer, as: type) }
            table = current.parent
        }
        return try await resolveUnlistedAsync(type)
    }

    /// A provider, lazy value, optional or other special type, awaited where it wraps an
    /// asynchronous binding; or the error for a missing binding.
    @usableFromInline
    func resolveUnlistedAsync<T: Sendable>(_ type: T.Type) async throws(ResolutionError) -> T {
        if let special = type as? any SpecialDependency.Type {
            return try await Container.resolveAsync(special, from: self, named: nil, as: type)
        }
        throw unresolvable(.of(type))
    }

    /// The instance of an asynchronous singleton of this level that is built already, read
    /// without any asynchronous call, or `nil`. Safe unretained as ``getAsync(_:as:)``.
    @inlinable
    func builtAsync<T: Sendable>(_ type: T.Type) -> T? {
        guard let producer = asyncUnnamed[ObjectIdentifier(type)] else { return nil }
        return producer._withUnsafeGuaranteedRef { checkedAsyncProducer($0, as: T.self).built() }
    }

    /// Awaits a producer that a table keeps alive.
    ///
    /// Safe unretained: the table (or a parent it keeps) holds the producer. The asynchronous
    /// producer of a key of type `T` is always an `AsyncProducer<T>`, which
    /// ``checkedAsyncProducer(_:as:)`` checks.
    @inlinable
    static func getAsync<T: Sendable>(_ producer: Unmanaged<AnyObject>, as type: T.Type) async throws(ResolutionError)
        -> T
    {
        let typed = producer._withUnsafeGuaranteedRef { checkedAsyncProducer($0, as: T.self) }
        // A built singleton is one atomic load, with no asynchronous call.
        if let built = typed.built() { return built }
        return try await typed.get()
    }

    /// Resolves `type` under `name` with `await`.
    func resolveAsync<T: Sendable>(_ type: T.Type, named name: String?) async throws(ResolutionError) -> T {
        guard let name else { return try await resolveAsync(type) }
        return try await resolveAsync(.of(type, named: name), as: type)
    }

    /// Resolves `key`, whose type is `T`, with `await`, each level asked for both producers
    /// before its parent.
    func resolveAsync<T>(_ key: ServiceKey, as type: T.Type) async throws(ResolutionError) -> T {
        var table: ProducerTable? = self
        while let current = table {
            if let entry = current.compiled[key] {
                if let producer = entry.asyncProducer {
                    return try await checkedAsyncProducer(producer, as: T.self).get()
                }
                return try checkedProducer(entry.producer, as: T.self).get()
            }
            table = current.parent
        }
        // `T?`, `Provider<T>`, `Lazy<T>` of the binding named `key.name`.
        if let special = type as? any SpecialDependency.Type {
            return try await Container.resolveAsync(special, from: self, named: key.name, as: type)
        }
        throw unresolvable(key)
    }
}
