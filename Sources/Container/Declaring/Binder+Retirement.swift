extension Binder {
    /// Retires `type` from `version` on: under that version and every later one, nothing serves
    /// it, as if no module bound it there, while earlier versions keep their bindings.
    ///
    /// A later generation's module says what it drops, as it binds what it adds:
    ///
    /// ```swift
    /// struct NotesV3Module: Module {
    ///     func configure(_ binder: Binder) {
    ///         binder.bind(NoteStore.self, to: SQLiteNoteStore.init).version("v3")
    ///         binder.retire(LegacySync.self, from: "v3")   // v1 and v2 still have it
    ///     }
    /// }
    /// ```
    ///
    /// A retirement takes part in choosing a version like a binding of `version`: binding the
    /// same type, name and version again is a duplicate unless the second says `.overriding()`
    /// (in either order), and a later version's binding brings the type back from there on.
    /// Where the type is not served, a required dependency on it is a validation problem of
    /// its dependant, an optional one gets `nil`, and ``Injector/explain(_:named:)`` names the
    /// retirement. In a child injector, a retirement hides the parent's binding.
    /// - Parameters:
    ///   - type: The type to retire.
    ///   - name: The name of the binding to retire, if it is named.
    ///   - version: The first version without it, such as `"v3"`.
    ///   - file: Where the retirement is declared, for diagnostics; leave it out.
    ///   - line: The line of the retirement, for diagnostics; leave it out.
    @discardableResult
    public func retire<T>(
        _ type: T.Type, named name: String? = nil, from version: String,
        file: String = #fileID, line: Int = #line
    ) -> RetirementBuilder {
        let site = DeclarationSite(fileID: file, line: line)
        freeze.check("retire(\(type)) at \(site)")
        let draft = BindingDraft(
            type: type, site: site, recipe: .retirement, dependencies: [], arguments: nil, freeze: freeze)
        draft.name = name
        draft.version = version
        draft.isRetirement = true
        drafts.append(draft)
        return RetirementBuilder(draft: draft)
    }
}
