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
public final class BindingBuilder<T> {
    let draft: BindingDraft

    init(draft: BindingDraft) {
        self.draft = draft
    }

    /// Sets how long built instances live; ``Scope/transient`` when not called.
    @discardableResult
    public func scope(_ scope: Scope) -> Self {
        draft.check("scope(_:)")
        draft.scope = scope
        return self
    }

    /// Names the binding, so several bindings of one type can stand side by side.
    /// Resolve it with ``Injector/resolve(_:named:)``.
    @discardableResult
    public func named(_ name: String) -> Self {
        draft.check("named(_:)")
        draft.name = name
        return self
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

    /// Marks the binding as touching the real world (network, clock, disk): a child injector
    /// made with `strict: true` refuses to build it unless the child overrides it.
    @discardableResult
    public func liveOnly() -> Self {
        draft.check("liveOnly()")
        draft.isLiveOnly = true
        return self
    }
}
