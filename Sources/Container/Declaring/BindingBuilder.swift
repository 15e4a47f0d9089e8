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

    /// Declares how an instance of this binding closes: ``Injector/shutdown(within:)`` calls
    /// `close` with each instance the injector keeps, once every kept instance that depends on
    /// it has closed.
    ///
    /// ```swift
    /// binder.bind(Store.self) { () async throws in try await SQLiteStore.open() }
    ///     .scope(.eagerSingleton)
    ///     .closing { store in try await store.close() }
    /// ```
    ///
    /// `close` may be synchronous or `async`, and may throw: what it throws is reported in the
    /// ``ShutdownError``, with the binding's key, and the other instances close all the same. It
    /// runs once per instance, even when `shutdown` is called again. The shutdown's time limit
    /// cancels a `close` still running.
    ///
    /// Only what the injector keeps closes: a singleton it built (eager or not), a weak
    /// instance still alive, the current instance of a resettable scope, each instance that a
    /// scoped binding with run-time arguments keeps, and a value bound with `toInstance:`, which
    /// closes whether anything resolved it or not. A singleton never built is not built to be
    /// closed. `close` gets what the binding serves, decorators included; for `toInstance:`, the
    /// value given. A transient binding keeps nothing, since its instances belong to whoever
    /// holds them: a closer on one is a validation problem (G114 in the Diagnostics article).
    /// Calling `closing` again replaces the closer.
    @discardableResult
    public func closing(_ close: @escaping @Sendable (T) async throws -> Void) -> Self where T: Sendable {
        draft.check("closing(_:)")
        draft.closer = .anywhere(close)
        return self
    }

    /// Declares how an instance of this binding closes, on the main actor: for a type that is
    /// not `Sendable`, bound on the main actor (as the types of an app target with default
    /// main-actor isolation are), or any closer that says `@MainActor`. Otherwise as the
    /// `closing(_:)` of a `Sendable` type.
    ///
    /// ```swift
    /// binder.bind(NotesStore.self, to: DiskNotesStore.init)   // @MainActor init()
    ///     .scope(.singleton)
    ///     .closing { @MainActor store in try await store.flush() }
    /// ```
    ///
    /// The closure says `@MainActor`, as one given to `bind(_:to:)` does: a closure is not
    /// isolated by what it calls.
    @discardableResult
    public func closing(_ close: @escaping @MainActor @Sendable (T) async throws -> Void) -> Self {
        draft.check("closing(_:)")
        draft.closer = .onMainActor(close)
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
