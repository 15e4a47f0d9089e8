/// Refines the binding that a ``Binder`` call just declared.
///
/// Each method returns the builder, so refinements chain:
///
/// ```swift
/// binder.bind(Database.self, to: SQLiteDatabase.init)
///     .named("primary")
///     .scope(.singleton)
///     .liveOnly()
/// ```
public struct BindingBuilder<T> {
    let draft: BindingDraft

    /// Sets how long built instances live; ``Scope/transient`` when not called.
    @discardableResult
    public func scope(_ scope: Scope) -> Self {
        draft.check("scope(_:)")
        draft.scope = scope
        return self
    }

    /// Names the binding, so several bindings of one type can stand side by side.
    /// Resolve it with ``Injector/resolve(_:named:isolation:)-6mad1``.
    @discardableResult
    public func named(_ name: String) -> Self {
        draft.check("named(_:)")
        draft.name = name
        return self
    }

    /// Names the binding with a ``BindingName`` type, so that factories can ask for it with
    /// ``Named`` and the name is spelt once.
    @discardableResult
    public func named<Name: BindingName>(_ name: Name.Type) -> Self {
        named(Name.name)
    }

    /// Marks the binding as one implementation version, such as `"v2"`. A binding without a
    /// version serves every selection.
    @discardableResult
    public func version(_ version: String) -> Self {
        draft.check("version(_:)")
        draft.version = version
        return self
    }

    /// Declares that this binding replaces an earlier one of the same type, name and version.
    /// Without it, such a pair is reported as a duplicate.
    @discardableResult
    public func overriding() -> Self {
        draft.check("overriding()")
        draft.isOverriding = true
        return self
    }

    /// Makes the binding serve `type` too, with the same instance and scope: one object behind
    /// several protocols.
    ///
    /// ```swift
    /// binder.bind(FileStore.self, to: FileStore.init)
    ///     .scope(.singleton)
    ///     .implements((any Reader).self) { $0 }
    ///     .implements((any Writer).self) { $0 }
    /// ```
    ///
    /// The closure is the conversion to `type`, usually `{ $0 }`: the compiler checks it, so a
    /// type the instance does not conform to is a build error, not a failure at run time.
    /// `type` is bound under the same name and version as this binding; a child injector can
    /// override it on its own.
    ///
    /// On a binding with run-time arguments, `type` takes the same arguments: inject
    /// `Factory<OrderID, any Receipt>` or call `resolve((any Receipt).self, arguments: id)`, and
    /// the binding's scope still keeps one instance per distinct argument value.
    @discardableResult
    public func implements<F: Sendable>(_ type: F.Type, _ conversion: @escaping @Sendable (T) -> F) -> Self {
        draft.check("implements(\(type))")
        if let factory = draft.arguments?.factory as? any ForwardingFactory.Type {
            let forwarding = factory.forwarding(to: F.self, conversion)
            draft.forwards.append((type, forwarding.recipe, forwarding.factory))
            return self
        }
        draft.forwards.append(
            (
                type,
                Recipe.forward(
                    { binding, compiler in
                        // True by construction: `BindingDraft` makes each of its `forwards` into a
                        // binding whose `forwardsTo` is the draft's key, read here once the
                        // builder's refinements (a name, a version) are all made.
                        let instance = compiler.producer(for: binding.forwardsTo!, as: T.self)
                        return compiler.producer(of: binding, decorating: true) { () throws(ResolutionError) -> F in
                            conversion(try instance.get())
                        }
                    },
                    awaiting: { binding, compiler in
                        let instance = compiler.producer(for: binding.forwardsTo!, as: T.self)
                        return compiler.producer(
                            of: binding, decorating: true,
                            awaiting: { () async throws(ResolutionError) -> F in
                                conversion(try await instance.getAsync())
                            })
                    }), nil
            ))
        return self
    }

    /// Marks the binding as touching the real world (network, clock, disk): a child injector
    /// made with `strict: true` refuses to build it unless the child overrides it.
    @discardableResult
    public func liveOnly() -> Self {
        draft.check("liveOnly()")
        draft.isLiveOnly = true
        return self
    }
}
