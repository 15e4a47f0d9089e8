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

    init(_ binding: Binding) {
        self.init(key: binding.key, version: binding.versionText, site: binding.site)
    }

    /// `APIClient (Protocols/APIClient.swift:9)`, `CustomerLogic (v2, ImplV2/ImplV2Module.swift:14)`
    /// or `Transport`.
    public var description: String {
        let details = [version, site?.description].compactMap { $0 }
        guard !details.isEmpty else { return key.description }
        return "\(key) (\(details.joined(separator: ", ")))"
    }
}

/// The one way every diagnostic of the container is written, so they all read alike:
///
/// ```
/// error: no binding for Transport
///   needed by CustomerLogic (v2, ImplV2/ImplV2Module.swift:14)
///          -> APIClient (Protocols/APIClient.swift:9)
///          -> Transport
///   fix: bind Transport in one of the modules given to Injector(modules:)
/// ```
enum Diagnostic {
    static func render(_ message: String, path: [PathStep], pathLabel: String = "needed by",
                       notes: [String] = [], fix: String) -> String {
        var lines = ["error: \(message)"]
        if let first = path.first {
            let label = "  \(pathLabel) "
            let indent = String(repeating: " ", count: label.count - 3)
            lines.append(label + first.description)
            lines += path.dropFirst().map { "\(indent)-> \($0)" }
        }
        lines += notes.map { "  \($0)" }
        lines.append("  fix: \(fix)")
        return lines.joined(separator: "\n")
    }
}
