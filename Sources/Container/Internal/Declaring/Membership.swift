/// What makes a binding an item of a multibinding: the collection it belongs to, its place in
/// a list, and how that collection is built.
struct Membership: Sendable {
    /// The key of the collection: `[T]` for a list, `[K: T]` for a map, with the name of its
    /// items (`.named` on a contribution names the collection it joins).
    let collection: ServiceKey
    /// A list item's place: by position, then by id. A map ignores it.
    let position: Int
    /// Makes the collection's recipe, in the context that knows its types.
    let makeCollection: @Sendable () -> Recipe

    /// The same membership of the collection named `name`: a contribution's name is known only
    /// once its builder's refinements are all made.
    func named(_ name: String?) -> Membership {
        Membership(
            collection: ServiceKey(type: collection.type, name: name), position: position,
            makeCollection: makeCollection)
    }
}

/// A collection declared with `declareList` or `declareMap`, which may then have no items.
struct CollectionDeclaration: Sendable {
    let collection: ServiceKey
    let site: DeclarationSite
    let makeCollection: @Sendable () -> Recipe
}

/// A child's `withdraw`: an item its parent contributed that the child's collection leaves out.
struct Withdrawal: Sendable {
    let collection: ServiceKey
    let item: ServiceKey
    let site: DeclarationSite
}

extension Recipe {
    /// The recipe of a list collection: its items' instances, in the order of its dependencies;
    /// awaited, item by item, when an item is asynchronous.
    static func list<T: Sendable>(of type: T.Type) -> Recipe {
        /// Each item's producer, in the list's order.
        @Sendable func items(of binding: Binding, _ compiler: Compiler) -> [Producer<T>] {
            binding.dependencies.map { compiler.producer(for: $0.key, as: T.self) }
        }
        return Recipe.collection(
            { binding, compiler in
                let items = items(of: binding, compiler)
                return compiler.producer(of: binding, decorating: true) { () throws(ResolutionError) -> [T] in
                    var values: [T] = []
                    values.reserveCapacity(items.count)
                    for item in items { values.append(try item.get()) }
                    return values
                }
            },
            awaiting: { binding, compiler in
                let items = items(of: binding, compiler)
                return compiler.producer(
                    of: binding, decorating: true,
                    awaiting: { () async throws(ResolutionError) -> [T] in
                        var values: [T] = []
                        values.reserveCapacity(items.count)
                        for item in items { values.append(try await item.getAsync()) }
                        return values
                    })
            })
    }

    /// The recipe of a map collection: each item's instance under its key; awaited, item by
    /// item, when an item is asynchronous.
    static func map<Key: Hashable & Sendable, T: Sendable>(keyedBy key: Key.Type, of type: T.Type) -> Recipe {
        /// Each item's key and producer. True by construction: every dependency of a map's
        /// binding is an item that `contribute(_:key:)` made, whose identity holds one value,
        /// the item's `Key`.
        @Sendable func items(of binding: Binding, _ compiler: Compiler) -> [(Key, Producer<T>)] {
            binding.dependencies.map {
                ($0.key.item!.value.values[0] as! Key, compiler.producer(for: $0.key, as: T.self))
            }
        }
        return Recipe.collection(
            { binding, compiler in
                let items = items(of: binding, compiler)
                return compiler.producer(of: binding, decorating: true) { () throws(ResolutionError) -> [Key: T] in
                    var values: [Key: T] = [:]
                    values.reserveCapacity(items.count)
                    for (key, item) in items { values[key] = try item.get() }
                    return values
                }
            },
            awaiting: { binding, compiler in
                let items = items(of: binding, compiler)
                return compiler.producer(
                    of: binding, decorating: true,
                    awaiting: { () async throws(ResolutionError) -> [Key: T] in
                        var values: [Key: T] = [:]
                        values.reserveCapacity(items.count)
                        for (key, item) in items { values[key] = try await item.getAsync() }
                        return values
                    })
            })
    }
}

/// A contribution's identity in its collection: a list item's id or a map item's key.
struct ItemIdentity: Hashable, Sendable {
    let value: ArgumentKey
    /// How diagnostics and the graph show it: `console`, or `"login"` for a map's String key.
    let label: String

    init<Value: Hashable & Sendable>(_ value: Value, label: String) {
        self.value = ArgumentKey(value)
        self.label = label
    }

    static func == (lhs: ItemIdentity, rhs: ItemIdentity) -> Bool { lhs.value == rhs.value }

    func hash(into hasher: inout Hasher) { hasher.combine(value) }
}
