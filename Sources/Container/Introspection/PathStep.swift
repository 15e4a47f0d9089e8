/// One binding on the path that led to a problem.
public struct PathStep: Hashable, Sendable, CustomStringConvertible {
    /// What the binding provides.
    public let key: ServiceKey
    /// The binding's version, if it has one.
    public let version: String?
    /// Where the binding was declared, or `nil` for a type nothing binds.
    public let site: DeclarationSite?

    init(key: ServiceKey, version: String? = nil, site: DeclarationSite? = nil) {
        self.key = key
        self.version = version
        self.site = site
    }

    @usableFromInline
    init(_ binding: Binding) {
        self.init(key: binding.key, version: binding.versionText, site: binding.site)
    }

    /// How many steps a problem's path shows at most: its first step and those nearest the
    /// problem, so that reporting a problem deep in a large graph costs no more than one near
    /// its root.
    static let limit = 16

    /// `APIClient (Protocols/APIClient.swift:9)`, `CustomerLogic (v2, ImplV2/ImplV2Module.swift:14)`
    /// or `Transport`.
    public var description: String {
        let details = [version, site?.description].compactMap { $0 }
        guard !details.isEmpty else { return key.description }
        return "\(key) (\(details.joined(separator: ", ")))"
    }
}
