/// A contribution's identity in its collection: a list item's id or a map item's key.
struct ItemIdentity: Hashable, Sendable {
    let value: ArgumentKey
    /// How diagnostics and the graph show it: `console`, or `"login"` for a map's String key.
    let label: String

    init<Value: Hashable & Sendable>(_ value: Value, label: String) {
        self.value = ArgumentKey(value)
        self.label = label
    }

    static func == (lhs: ItemIdentity, rhs: ItemIdentity) -> Bool { lhs.value == rhs.value }

    func hash(into hasher: inout Hasher) { hasher.combine(value) }
}
