/// The types of a binding's run-time arguments, or of the arguments an injected ``Factory``
/// passes, in order.
@usableFromInline
struct ArgumentList: Hashable, Sendable, CustomStringConvertible {
    private let types: [any Any.Type]

    @usableFromInline
    init<each Argument>(_ types: repeat (each Argument).Type) {
        var list: [any Any.Type] = []
        for type in repeat each types { list.append(type) }
        self.types = list
    }

    /// The types' names as source writes them, worked out only when a message needs them.
    var names: [String] { types.map(TypeDisplay.name(of:)) }

    @usableFromInline
    static func == (lhs: ArgumentList, rhs: ArgumentList) -> Bool {
        lhs.types.count == rhs.types.count
            && zip(lhs.types, rhs.types).allSatisfy { ObjectIdentifier($0) == ObjectIdentifier($1) }
    }

    @usableFromInline
    func hash(into hasher: inout Hasher) {
        hasher.combine(types.count)
        for type in types { hasher.combine(ObjectIdentifier(type)) }
    }

    /// `(OrderID, Int)`.
    @usableFromInline
    var description: String { "(\(names.joined(separator: ", ")))" }
}
