/// Refines the retirement that ``Binder/retire(_:named:from:file:line:)`` just declared.
public final class RetirementBuilder {
    let draft: BindingDraft

    init(draft: BindingDraft) {
        self.draft = draft
    }

    /// Declares that this retirement replaces an earlier binding or retirement of the same
    /// type, name and version. Without it, such a pair is reported as a duplicate.
    @discardableResult
    public func overriding() -> Self {
        draft.check("overriding()")
        draft.isOverriding = true
        return self
    }
}
