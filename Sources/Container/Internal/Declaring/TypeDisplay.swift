/// How a type is written in diagnostics, graphs and `explain`: as Swift source writes it.
///
/// The runtime's `String(describing:)` prints `Array<ExportFormat>` for `[any ExportFormat]`;
/// this prints the sugar (`[T]`, `[K: V]`, `T?`) and marks an existential with `any` where
/// source must (inside another type). A bound protocol itself stays `CartService`, the name a
/// service goes by.
enum TypeDisplay {
    /// `type` as a key's type is shown: a protocol without `any`.
    static func name(of type: any Any.Type) -> String {
        if let sugared = type as? any SugaredType.Type { return sugared.sugaredName }
        return String(describing: type)
    }

    /// `type` as it is written inside another type: an existential with `any`.
    static func nested(_ type: any Any.Type) -> String {
        if let sugared = type as? any SugaredType.Type { return sugared.sugaredName }
        let plain = String(describing: type)
        return isExistential(type) ? "any \(plain)" : plain
    }

    /// Whether `type` is a protocol's existential (`any P`, `any P & Q`), other than `Any` and
    /// `AnyObject`, which source writes bare. Read from the mangled name, whose existentials
    /// end in `p` (`…12ExportFormat_p`); no other type's mangling does.
    private static func isExistential(_ type: any Any.Type) -> Bool {
        guard type != Any.self, type != AnyObject.self, let mangled = _mangledTypeName(type) else { return false }
        return mangled.hasSuffix("p")
    }
}

/// A standard-library type that source writes with sugar.
protocol SugaredType {
    static var sugaredName: String { get }
}

extension Array: SugaredType {
    static var sugaredName: String { "[\(TypeDisplay.nested(Element.self))]" }
}

extension Dictionary: SugaredType {
    static var sugaredName: String { "[\(TypeDisplay.nested(Key.self)): \(TypeDisplay.nested(Value.self))]" }
}

extension Optional: SugaredType {
    static var sugaredName: String {
        let wrapped = TypeDisplay.nested(Wrapped.self)
        // `any P?` would read as an existential of an optional protocol.
        return wrapped.hasPrefix("any ") || wrapped.contains(" -> ") ? "(\(wrapped))?" : "\(wrapped)?"
    }
}

/// A list or map type that contributions make: what a missing one's fix names.
protocol CollectionShaped {
    /// The element type's name, and the key type's for a map.
    static var parts: (element: String, key: String?) { get }
}

extension Array: CollectionShaped {
    static var parts: (element: String, key: String?) { (TypeDisplay.name(of: Element.self), nil) }
}

extension Dictionary: CollectionShaped {
    static var parts: (element: String, key: String?) {
        (TypeDisplay.name(of: Value.self), TypeDisplay.name(of: Key.self))
    }
}
