/// A table from the keys of an injector level to their positions, built once when the level's
/// bindings are settled and then asked by every later phase: compiling, validating, a child's
/// lookups.
///
/// Most keys are a type without a name: those are found by the type's identity in an
/// ``IdentityTable``. Named keys and the items of collections go to a dictionary.
struct KeyIndex: Sendable {
    /// Positions of keys that are a type alone, as the bits of an `Int`.
    private var plain: IdentityTable
    /// Keys with a name or an item identity.
    private var others: [ServiceKey: Int] = [:]

    /// A table that holds `minimumCapacity` plain keys without growing; an empty one allocates
    /// nothing until a key is set.
    init(minimumCapacity: Int = 0) {
        plain = IdentityTable(minimumCapacity: minimumCapacity)
    }

    var isEmpty: Bool { plain.count == 0 && others.isEmpty }

    /// The keys that have a name or an item identity.
    var otherKeys: Dictionary<ServiceKey, Int>.Keys { others.keys }

    /// The position of `key`, or `nil` when it has none.
    subscript(key: ServiceKey) -> Int? {
        guard key.name == nil, key.item == nil else { return others.isEmpty ? nil : others[key] }
        return plain[key.id].map { Int(bitPattern: $0) }
    }

    /// The position of `key`; when it has none, `position` becomes its position.
    mutating func position(of key: ServiceKey, insertingIfAbsent position: Int) -> Int {
        guard key.name == nil, key.item == nil else { return Self.value(&others[key, default: position]) }
        return Int(bitPattern: plain.value(for: key.id, insertingIfAbsent: UInt(bitPattern: position)))
    }

    /// Makes `position` the position of `key`, whether or not it had one.
    mutating func set(_ position: Int, for key: ServiceKey) {
        guard key.name == nil, key.item == nil else {
            others[key] = position
            return
        }
        plain.set(UInt(bitPattern: position), for: key.id)
    }

    /// `value`, read through `inout` so that `&table[key, default: value]` finds the key's entry,
    /// or inserts `value` as it, with one hash.
    private static func value(_ value: inout Int) -> Int { value }
}
