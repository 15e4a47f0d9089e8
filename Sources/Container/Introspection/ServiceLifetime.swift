/// How long a service's instances live, as the graph and snapshots show it: its binding's
/// ``Scope``, a value made beforehand, or another binding's instance that it serves.
///
/// A snapshot file writes it as text (`singleton`, `session`, `instance`, `forwards to CartV2`),
/// the same text as its ``description``, so files written before it was typed read the same.
public enum ServiceLifetime: Hashable, Sendable, CustomStringConvertible {
    /// Kept as the binding's scope says.
    case scope(Scope)
    /// A value bound with `bind(_:toInstance:)`: one instance for every request, whatever the
    /// binding's scope says.
    case instance
    /// A type served through ``BindingBuilder/implements(_:_:)``, which keeps nothing of its
    /// own: the named service's instance, converted.
    case forwards(to: String)

    /// `singleton`, `session`, `instance`, `forwards to CartV2`.
    public var description: String {
        switch self {
        case .scope(let scope): scope.description
        case .instance: "instance"
        case .forwards(let source): "forwards to \(source)"
        }
    }

    /// Whether instances under this lifetime outlive those under `other`, in ``Scope``'s order
    /// (transient, weak, a resettable scope, the singletons): what makes a change of scope able
    /// to hold something captive. A value made beforehand lives as long as a singleton; a type
    /// served through another binding keeps nothing, like a transient one.
    public func outlives(_ other: ServiceLifetime) -> Bool {
        rank > other.rank
    }

    private var rank: Int {
        switch self {
        case .scope(let scope): scope.lifetimeRank ?? 0
        case .instance: Scope.singleton.lifetimeRank ?? 0
        case .forwards: 0
        }
    }

    /// The lifetime whose ``description`` is `text`: a snapshot's scope read back. Any name that
    /// is not another lifetime's is a resettable scope's, which may have any name.
    init(_ text: String) {
        if text == "instance" {
            self = .instance
        } else if text.hasPrefix("forwards to ") {
            self = .forwards(to: String(text.dropFirst("forwards to ".count)))
        } else {
            self = .scope(Scope(named: text))
        }
    }
}

extension ServiceLifetime: Codable {
    /// Reads the text a snapshot file holds; see ``description``.
    public init(from decoder: any Decoder) throws {
        self.init(try decoder.singleValueContainer().decode(String.self))
    }

    /// Writes ``description``, the text a snapshot file holds.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
