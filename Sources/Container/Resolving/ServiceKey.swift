/// Identifies what a binding provides: a type, and optionally a name that tells apart
/// several bindings of that type.
///
/// ```swift
/// let selection = VersionSelection(default: "v2", overrides: [.of(CartService.self): "v1"])
/// ```
public struct ServiceKey: Hashable, Sendable, CustomStringConvertible {
    /// The bound type.
    public let type: any Any.Type
    /// The binding's name, or `nil` for the unnamed binding of ``type``.
    public let name: String?
    /// For a contribution to a multibinding, its identity in the collection: a list item's id
    /// or a map item's key.
    let item: ItemIdentity?

    /// The key of `type`, optionally of its binding named `name`.
    public static func of<T>(_ type: T.Type, named name: String? = nil) -> ServiceKey {
        ServiceKey(type: type, name: name)
    }

    init(type: any Any.Type, name: String?, item: ItemIdentity? = nil) {
        self.type = type
        self.name = name
        self.item = item
    }

    var id: ObjectIdentifier { ObjectIdentifier(type) }

    /// The service a contribution belongs to (its element type and name), or the key itself.
    var service: ServiceKey { item == nil ? self : ServiceKey(type: type, name: name) }

    /// The type's name as written in source, without its module: `[any ExportFormat]`,
    /// `[String: Int]`, `Clock?`; a bound protocol is `CartService`, without `any`.
    public var typeName: String { TypeDisplay.name(of: type) }

    /// `CartService`, `Database named "primary"`, or `AnalyticsSink[console]` for a contribution.
    public var description: String {
        let base = name.map { "\(typeName) named \"\($0)\"" } ?? typeName
        return item.map { "\(base)[\($0.label)]" } ?? base
    }

    public static func == (lhs: ServiceKey, rhs: ServiceKey) -> Bool {
        lhs.id == rhs.id && lhs.name == rhs.name && lhs.item == rhs.item
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        // Most keys have no name and are no contribution; hashing only what is there keeps
        // dictionary work small.
        if let name { hasher.combine(name) }
        if let item { hasher.combine(item) }
    }
}
