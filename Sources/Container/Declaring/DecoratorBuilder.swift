/// Refines the decorator that `Binder.decorate(_:file:line:with:)` just declared.
public final class DecoratorBuilder<T> {
    let draft: DecoratorDraft

    init(draft: DecoratorDraft) {
        self.draft = draft
    }

    /// Decorates the binding of `T` named `name` instead of the unnamed one.
    @discardableResult
    public func named(_ name: String) -> Self {
        draft.check("named(_:)")
        draft.name = name
        return self
    }

    /// Decorates the binding of `T` named by a ``BindingName`` type.
    @discardableResult
    public func named<Name: BindingName>(_ name: Name.Type) -> Self {
        named(Name.name)
    }

    /// Makes the decorator one implementation version, chosen like a binding: for each
    /// ``id(_:)``, the selected version if declared, else the highest below it; a decorator
    /// without a version applies to every selection.
    @discardableResult
    public func version(_ version: String) -> Self {
        draft.check("version(_:)")
        draft.version = version
        return self
    }

    /// Names the decorator, so that versions of it replace each other: a v2 decorator with the
    /// id of a v1 one serves a v2 selection in its place. Without an id, a decorator stands
    /// alone.
    @discardableResult
    public func id(_ id: String) -> Self {
        draft.check("id(_:)")
        draft.id = id
        return self
    }
}
