/// The types of a binding's run-time arguments, or of the arguments an injected ``Factory``
/// passes, in order.
@usableFromInline
struct ArgumentList: Hashable, Sendable, CustomStringConvertible {
    private let ids: [ObjectIdentifier]
    let names: [String]

    @usableFromInline
    init<each Argument>(_ types: repeat (each Argument).Type) {
        var ids: [ObjectIdentifier] = []
        var names: [String] = []
        for type in repeat each types {
            ids.append(ObjectIdentifier(type))
            names.append(String(describing: type))
        }
        self.ids = ids
        self.names = names
    }

    @usableFromInline
    static func == (lhs: ArgumentList, rhs: ArgumentList) -> Bool { lhs.ids == rhs.ids }

    @usableFromInline
    func hash(into hasher: inout Hasher) { hasher.combine(ids) }

    /// `(OrderID, Int)`.
    @usableFromInline
    var description: String { "(\(names.joined(separator: ", ")))" }
}
