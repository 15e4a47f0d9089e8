/// One declaration that could serve a key: a binding of one version, or a retirement.
///
/// ``Explanation/candidates`` lists them lowest version first, and says which one the
/// selection chose; ``NotServed/candidates`` lists those that could not serve.
public struct Candidate: Hashable, Sendable, CustomStringConvertible {
    /// The version it was declared for, or `nil` for a binding that serves every selection.
    public let version: String?
    /// Where it was declared.
    public let site: DeclarationSite
    /// Whether it retires the key from ``version`` on (`Binder.retire(_:named:from:file:line:)`)
    /// rather than binding it.
    public let isRetirement: Bool
    /// Whether the selection chose it: the binding that serves the key, or the retirement that
    /// ends it.
    public let isSelected: Bool

    init(_ binding: Binding, selected: Bool) {
        version = binding.versionText
        site = binding.site
        isRetirement = binding.isRetirement
        isSelected = selected
    }

    /// `v2 (ImplV2/ImplV2Module.swift:31)`, `unversioned (…)` or `retired in v3 (…)`.
    public var description: String {
        let version = self.version ?? "unversioned"
        return isRetirement ? "retired in \(version) (\(site))" : "\(version) (\(site))"
    }
}
