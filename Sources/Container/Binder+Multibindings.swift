extension Binder {
    /// Contributes an item to the list of `type` that consumers inject as `[T]`: plug-ins,
    /// analytics sinks, interceptors, declared by any module.
    ///
    /// ```swift
    /// binder.contribute(AnalyticsSink.self, id: "console") { (log: Logger) in ConsoleSink(log: log) }
    /// binder.contribute(AnalyticsSink.self, id: "remote", position: 10, to: RemoteSink.init).version("v2")
    ///
    /// final class Analytics { init(sinks: [any AnalyticsSink]) { ... } }
    /// ```
    ///
    /// Each contribution is a binding of its own, refined like one (scope, version,
    /// `.overriding()`, `.liveOnly()`). Its `id` is its identity: for each id the version rule
    /// picks one contribution, so a newer module replaces an older one's item by contributing
    /// the same id, and a selection never sees items of a later version. The list is ordered by
    /// `position`, then by id, whatever the order of the modules.
    @inlinable @discardableResult
    public func contribute<T: Sendable, each D: Sendable>(
        _ type: T.Type,
        id: String,
        position: Int = 0,
        file: String = #fileID,
        line: Int = #line,
        to factory: @escaping @Sendable (repeat each D) throws -> T
    ) -> BindingBuilder<T> {
        listItem(bind(type, to: factory, file: file, line: line), id: id, position: position)
    }

    /// Contributes an item under `key` to the map of `type` that consumers inject as
    /// `[Key: T]`. The key is the item's identity, chosen by the version rule like a list
    /// item's id; see ``contribute(_:id:position:file:line:to:)``.
    @inlinable @discardableResult
    public func contribute<T: Sendable, Key: Hashable & Sendable, each D: Sendable>(
        _ type: T.Type,
        key: Key,
        file: String = #fileID,
        line: Int = #line,
        to factory: @escaping @Sendable (repeat each D) throws -> T
    ) -> BindingBuilder<T> {
        mapItem(bind(type, to: factory, file: file, line: line), key: key)
    }

    /// Declares the list of `type`, so that it may have no items: without a declaration or an
    /// item, injecting `[T]` is a missing binding, which catches a misspelt element type.
    public func declareList<T: Sendable>(_ type: T.Type, file: String = #fileID, line: Int = #line) {
        freeze.check("declareList(\(type)) at \(DeclarationSite(fileID: file, line: line))")
        declarations.append(CollectionDeclaration(collection: .of([T].self), site: DeclarationSite(fileID: file, line: line),
                                                  makeCollection: { listRecipe(of: T.self) }))
    }

    /// Declares the map of `type` keyed by `Key`, so that it may have no items.
    public func declareMap<T: Sendable, Key: Hashable & Sendable>(_ type: T.Type, keyedBy key: Key.Type,
                                                                 file: String = #fileID, line: Int = #line) {
        freeze.check("declareMap(\(type)) at \(DeclarationSite(fileID: file, line: line))")
        declarations.append(CollectionDeclaration(collection: .of([Key: T].self), site: DeclarationSite(fileID: file, line: line),
                                                  makeCollection: { mapRecipe(keyedBy: Key.self, of: T.self) }))
    }

    /// Leaves the list item `id` of `type` out of this child injector's list: a test that
    /// does not want one plug-in. The parent keeps it.
    public func withdraw<T: Sendable>(_ type: T.Type, id: String, file: String = #fileID, line: Int = #line) {
        freeze.check("withdraw(\(type), id: \(id)) at \(DeclarationSite(fileID: file, line: line))")
        withdrawals.append(Withdrawal(collection: .of([T].self), item: ServiceKey(type: T.self, name: nil, item: ItemIdentity(id, label: id)),
                                      site: DeclarationSite(fileID: file, line: line)))
    }

    /// Leaves the map item under `key` of `type` out of this child injector's map.
    public func withdraw<T: Sendable, Key: Hashable & Sendable>(_ type: T.Type, key: Key, file: String = #fileID, line: Int = #line) {
        freeze.check("withdraw(\(type), key: \(key)) at \(DeclarationSite(fileID: file, line: line))")
        withdrawals.append(Withdrawal(collection: .of([Key: T].self),
                                      item: ServiceKey(type: T.self, name: nil, item: ItemIdentity(key, label: Self.label(key))),
                                      site: DeclarationSite(fileID: file, line: line)))
    }

    @usableFromInline
    func listItem<T: Sendable>(_ builder: BindingBuilder<T>, id: String, position: Int) -> BindingBuilder<T> {
        builder.draft.item = ItemIdentity(id, label: id)
        builder.draft.membership = Membership(collection: .of([T].self), position: position,
                                              makeCollection: { listRecipe(of: T.self) })
        return builder
    }

    @usableFromInline
    func mapItem<T: Sendable, Key: Hashable & Sendable>(_ builder: BindingBuilder<T>, key: Key) -> BindingBuilder<T> {
        builder.draft.item = ItemIdentity(key, label: Self.label(key))
        builder.draft.membership = Membership(collection: .of([Key: T].self), position: 0,
                                              makeCollection: { mapRecipe(keyedBy: Key.self, of: T.self) })
        return builder
    }

    /// `"login"` for a String key, `7` for others.
    private static func label<Key>(_ key: Key) -> String {
        key is String ? "\"\(key)\"" : "\(key)"
    }
}
