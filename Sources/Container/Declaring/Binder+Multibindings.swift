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
    ///
    /// `.named(_:)` puts the item in the list of that name instead, a collection of its own
    /// (Guice's `@Named` set, Dagger's qualified `@IntoSet`): consumers inject it as
    /// `Named<Name, [T]>` or resolve it with `resolve([T].self, named:)`, and its ids, versions,
    /// declaration and withdrawals are apart from the unnamed list's.
    ///
    /// ```swift
    /// enum Audit: BindingName { static let name = "audit" }
    ///
    /// binder.contribute(AnalyticsSink.self, id: "file") { FileSink() }.named(Audit.self)
    /// binder.bind(AuditTrail.self) { (sinks: Named<Audit, [any AnalyticsSink]>) in AuditTrail(sinks: sinks.value) }
    /// ```
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
    /// item's id; see ``contribute(_:id:position:file:line:to:)``. `.named(_:)` puts the item
    /// in the map of that name, injected as `Named<Name, [Key: T]>`.
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
    ///
    /// `name` is the list's name, for a list whose items say `.named(name)`; `nil` for the
    /// unnamed list.
    public func declareList<T: Sendable>(
        _ type: T.Type, named name: String? = nil, file: String = #fileID, line: Int = #line
    ) {
        declare(
            .of([T].self, named: name), makeCollection: { Recipe.list(of: T.self) }, call: "declareList(\(type))", file,
            line)
    }

    /// Declares the list of `type` named with a ``BindingName`` type, which consumers inject as
    /// `Named<Name, [T]>`, so that it may have no items.
    public func declareList<T: Sendable, Name: BindingName>(
        _ type: T.Type, named name: Name.Type,
        file: String = #fileID, line: Int = #line
    ) {
        declareList(type, named: Name.name, file: file, line: line)
    }

    /// Declares the map of `type` keyed by `Key`, so that it may have no items.
    ///
    /// `name` is the map's name, for a map whose items say `.named(name)`; `nil` for the
    /// unnamed map.
    public func declareMap<T: Sendable, Key: Hashable & Sendable>(
        _ type: T.Type, keyedBy key: Key.Type, named name: String? = nil,
        file: String = #fileID, line: Int = #line
    ) {
        declare(
            .of([Key: T].self, named: name), makeCollection: { Recipe.map(keyedBy: Key.self, of: T.self) },
            call: "declareMap(\(type))", file, line)
    }

    /// Declares the map of `type` keyed by `Key` and named with a ``BindingName`` type, which
    /// consumers inject as `Named<Name, [Key: T]>`, so that it may have no items.
    public func declareMap<T: Sendable, Key: Hashable & Sendable, Name: BindingName>(
        _ type: T.Type, keyedBy key: Key.Type, named name: Name.Type, file: String = #fileID, line: Int = #line
    ) {
        declareMap(type, keyedBy: key, named: Name.name, file: file, line: line)
    }

    /// Leaves the list item `id` of `type` out of this child injector's list: a test that
    /// does not want one plug-in. The parent keeps it.
    ///
    /// `name` is the name of the list the item belongs to; `nil` for the unnamed list.
    public func withdraw<T: Sendable>(
        _ type: T.Type, id: String, named name: String? = nil, file: String = #fileID, line: Int = #line
    ) {
        withdraw(
            ServiceKey(type: T.self, name: name, item: ItemIdentity(id, label: id)), from: .of([T].self, named: name),
            call: "withdraw(\(type), id: \(id))", file, line)
    }

    /// Leaves the list item `id` of `type` out of this child injector's list named with a
    /// ``BindingName`` type.
    public func withdraw<T: Sendable, Name: BindingName>(
        _ type: T.Type, id: String, named name: Name.Type,
        file: String = #fileID, line: Int = #line
    ) {
        withdraw(type, id: id, named: Name.name, file: file, line: line)
    }

    /// Leaves the map item under `key` of `type` out of this child injector's map.
    ///
    /// `name` is the name of the map the item belongs to; `nil` for the unnamed map.
    public func withdraw<T: Sendable, Key: Hashable & Sendable>(
        _ type: T.Type, key: Key, named name: String? = nil,
        file: String = #fileID, line: Int = #line
    ) {
        withdraw(
            ServiceKey(type: T.self, name: name, item: ItemIdentity(key, label: Self.label(key))),
            from: .of([Key: T].self, named: name), call: "withdraw(\(type), key: \(key))", file, line)
    }

    /// Leaves the map item under `key` of `type` out of this child injector's map named with a
    /// ``BindingName`` type.
    public func withdraw<T: Sendable, Key: Hashable & Sendable, Name: BindingName>(
        _ type: T.Type, key: Key, named name: Name.Type, file: String = #fileID, line: Int = #line
    ) {
        withdraw(type, key: key, named: Name.name, file: file, line: line)
    }

    private func declare(
        _ collection: ServiceKey, makeCollection: @escaping @Sendable () -> Recipe, call: @autoclosure () -> String,
        _ file: String, _ line: Int
    ) {
        let site = DeclarationSite(fileID: file, line: line)
        freeze.check("\(call()) at \(site)")
        declarations.append(CollectionDeclaration(collection: collection, site: site, makeCollection: makeCollection))
    }

    private func withdraw(
        _ item: ServiceKey, from collection: ServiceKey, call: @autoclosure () -> String, _ file: String, _ line: Int
    ) {
        let site = DeclarationSite(fileID: file, line: line)
        freeze.check("\(call()) at \(site)")
        withdrawals.append(Withdrawal(collection: collection, item: item, site: site))
    }

    @usableFromInline
    func listItem<T: Sendable>(_ builder: BindingBuilder<T>, id: String, position: Int) -> BindingBuilder<T> {
        builder.draft.item = ItemIdentity(id, label: id)
        builder.draft.membership = Membership(
            collection: .of([T].self), position: position,
            makeCollection: { Recipe.list(of: T.self) })
        return builder
    }

    @usableFromInline
    func mapItem<T: Sendable, Key: Hashable & Sendable>(_ builder: BindingBuilder<T>, key: Key) -> BindingBuilder<T> {
        builder.draft.item = ItemIdentity(key, label: Self.label(key))
        builder.draft.membership = Membership(
            collection: .of([Key: T].self), position: 0,
            makeCollection: { Recipe.map(keyedBy: Key.self, of: T.self) })
        return builder
    }

    /// `"login"` for a String key, `7` for others.
    private static func label<Key>(_ key: Key) -> String {
        key is String ? "\"\(key)\"" : "\(key)"
    }
}
