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

    /// The key of `type`, optionally of its binding named `name`.
    public static func of<T>(_ type: T.Type, named name: String? = nil) -> ServiceKey {
        ServiceKey(type: type, name: name)
    }

    init(type: any Any.Type, name: String?) {
        self.type = type
        self.name = name
    }

    var id: ObjectIdentifier { ObjectIdentifier(type) }

    /// The type's name as written in source, without its module.
    public var typeName: String { String(describing: type) }

    /// `CartService`, or `Database named "primary"`.
    public var description: String {
        guard let name else { return typeName }
        return "\(typeName) named \"\(name)\""
    }

    public static func == (lhs: ServiceKey, rhs: ServiceKey) -> Bool {
        lhs.id == rhs.id && lhs.name == rhs.name
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        // Most keys have no name; hashing only what is there keeps dictionary work small.
        if let name { hasher.combine(name) }
    }
}
