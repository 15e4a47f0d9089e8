/// How a level makes the bindings of its collections.
extension Selection {
    /// Makes the binding of each collection this level contributes to, declares or withdraws
    /// from: a transient binding whose edges are its items (a parent's, then this level's, which
    /// replace them by identity), lists ordered by position and then id.
    mutating func collect(declared: [CollectionDeclaration], withdrawals: [Withdrawal], parent: Layer?) {
        // What a child retires must hide something its parent binds; reported in declaration order.
        let unbound = childRetirements.values.filter {
            parent?.binding(for: $0.key) == nil && parent?.notServed(for: $0.key) == nil
        }
        for retirement in unbound.sorted(by: { ($0.site.fileID, $0.site.line) < ($1.site.fileID, $1.site.line) }) {
            reportRetirementOfUnbound(retirement)
        }
        var made = MadeCollections()
        for (key, binding) in zip(order, bindings) {
            guard let membership = binding.membership else { continue }
            made.note(membership.collection, membership.makeCollection, binding.site)
            made.items[membership.collection, default: []].append(key)
        }
        for declaration in declared { made.note(declaration.collection, declaration.makeCollection, declaration.site) }
        let removed = withdraw(withdrawals, noting: &made, parent: parent)
        for collection in made.collections {
            let (recipe, site) = made.recipes[collection]!
            if let plain = binding(for: collection) {
                problems.append(
                    GraphProblem(
                        .duplicateBinding, "duplicate binding of \(collection): bound, and made from contributions",
                        subject: collection,
                        notes: ["bound at \(plain.site)", "contributed to at \(site)"],
                        fix: "contribute every item, or bind the collection, not both"))
                continue
            }
            let keys = items(of: collection, ownItems: made.items[collection] ?? [], removed: removed, parent: parent)
            let binding = Binding(
                key: collection, versionText: nil, scope: .transient, isOverriding: false, isLiveOnly: false,
                site: site, recipe: recipe(), dependencies: keys.map { Dependency(key: $0, kind: .direct) })
            append(binding, for: collection)
            choices[collection] = Choice(rivals: [], reason: .collection(items: keys.count))
        }
    }

    /// The collections a level makes, in the order first noted, with the recipe and site of each
    /// and the items this level contributes to it.
    private struct MadeCollections {
        var collections: [ServiceKey] = []
        var recipes: [ServiceKey: (recipe: @Sendable () -> Recipe, site: DeclarationSite)] = [:]
        var items: [ServiceKey: [ServiceKey]] = [:]

        mutating func note(
            _ collection: ServiceKey, _ recipe: @escaping @Sendable () -> Recipe, _ site: DeclarationSite
        ) {
            guard recipes[collection] == nil else { return }
            collections.append(collection)
            recipes[collection] = (recipe, site)
        }
    }

    /// Takes each withdrawn item out of the parent's collection it names, noting that collection
    /// as one this level makes again; reports a withdrawal of an item the collection does not
    /// have. Returns the items withdrawn.
    private mutating func withdraw(
        _ withdrawals: [Withdrawal], noting made: inout MadeCollections, parent: Layer?
    ) -> Set<ServiceKey> {
        var removed: Set<ServiceKey> = []
        for withdrawal in withdrawals {
            guard let inherited = parent?.binding(for: withdrawal.collection),
                inherited.dependencies.contains(where: { $0.key == withdrawal.item })
            else {
                problems.append(
                    GraphProblem(
                        .missingBinding,
                        "withdraw of \(withdrawal.item), which the collection \(withdrawal.collection) does not have",
                        subject: withdrawal.collection, related: [withdrawal.item], site: withdrawal.site,
                        notes: ["declared at \(withdrawal.site)"],
                        fix: "withdraw an item the parent contributes, or remove the withdraw"))
                continue
            }
            made.note(withdrawal.collection, { inherited.recipe }, inherited.site)
            removed.insert(withdrawal.item)
            hidden.insert(withdrawal.item)
        }
        return removed
    }

    /// The items of `collection`: the parent's less those `removed`, then this level's own,
    /// ordered by position and then id.
    private func items(
        of collection: ServiceKey, ownItems: [ServiceKey], removed: Set<ServiceKey>, parent: Layer?
    ) -> [ServiceKey] {
        var keys = (parent?.binding(for: collection)?.dependencies.map(\.key) ?? []).filter {
            !removed.contains($0)
        }
        for key in ownItems where !keys.contains(key) { keys.append(key) }
        // Each item's place is read before the tables change: a closure that kept one alive
        // would make that change copy the whole table, once per collection.
        return
            keys.map { key in
                (
                    key: key,
                    position: (self.binding(for: key) ?? parent?.binding(for: key))?.membership?.position ?? 0,
                    label: key.item?.label ?? ""
                )
            }
            .sorted { ($0.position, $0.label) < ($1.position, $1.label) }
            .map(\.key)
    }
}
