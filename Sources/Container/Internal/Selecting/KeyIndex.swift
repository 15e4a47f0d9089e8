/// A table from the keys of an injector level to their positions, built once when the level's
/// bindings are settled and then asked by every later phase: compiling, validating, a child's
/// lookups.
///
/// Most keys are a type without a name: those are found by the type's identity in an
/// open-addressing table, as ``TypeTable`` finds producers, with no `Hasher`, which costs a
/// dictionary of ``ServiceKey`` far more per insert. Named keys and the items of
/// collections go to a dictionary.
struct KeyIndex: Sendable {
    /// For each slot, the bits of a plain key's type identity (0 for an empty slot) and its
    /// position: one array, so a small level's table is one allocation.
    private var slots: [(bits: UInt, value: Int)]
    private var shift: Int
    private var plainCount = 0
    /// Keys with a name or an item identity.
    private var others: [ServiceKey: Int] = [:]

    /// A table that holds `minimumCapacity` plain keys without growing; an empty one allocates
    /// nothing until a key is set.
    init(minimumCapacity: Int = 0) {
        var capacity = minimumCapacity == 0 ? 0 : 8
        while capacity < minimumCapacity * 2 { capacity *= 2 }
        slots = Array(repeating: (0, 0), count: capacity)
        shift = UInt.bitWidth - capacity.trailingZeroBitCount
    }

    var isEmpty: Bool { plainCount == 0 && others.isEmpty }

    /// The keys that have a name or an item identity.
    var otherKeys: Dictionary<ServiceKey, Int>.Keys { others.keys }

    /// The position of `key`, or `nil` when it has none.
    subscript(key: ServiceKey) -> Int? {
        guard key.name == nil, key.item == nil else { return others.isEmpty ? nil : others[key] }
        guard plainCount > 0 else { return nil }
        let bits = UInt(bitPattern: key.id)
        let mask = slots.count - 1
        var slot = TypeTable.slot(of: bits, shift: shift)
        while true {
            let stored = slots[slot]
            if stored.bits == bits { return stored.value }
            if stored.bits == 0 { return nil }
            slot = (slot + 1) & mask
        }
    }

    /// The position of `key`; when it has none, `position` becomes its position.
    mutating func position(of key: ServiceKey, insertingIfAbsent position: Int) -> Int {
        guard key.name == nil, key.item == nil else { return Self.value(&others[key, default: position]) }
        let slot = slot(for: key)
        if slots[slot].bits != 0 { return slots[slot].value }
        claim(slot, for: key, at: position)
        return position
    }

    /// Makes `position` the position of `key`, whether or not it had one.
    mutating func set(_ position: Int, for key: ServiceKey) {
        guard key.name == nil, key.item == nil else {
            others[key] = position
            return
        }
        let slot = slot(for: key)
        if slots[slot].bits != 0 {
            slots[slot].value = position
        } else {
            claim(slot, for: key, at: position)
        }
    }

    /// The slot that holds `key`, or the empty one where it would go; grows first when one more
    /// key would fill more than half the table.
    private mutating func slot(for key: ServiceKey) -> Int {
        if (plainCount + 1) * 2 > slots.count { grow() }
        let bits = UInt(bitPattern: key.id)
        let mask = slots.count - 1
        var slot = TypeTable.slot(of: bits, shift: shift)
        while slots[slot].bits != 0 && slots[slot].bits != bits { slot = (slot + 1) & mask }
        return slot
    }

    private mutating func claim(_ slot: Int, for key: ServiceKey, at position: Int) {
        slots[slot] = (UInt(bitPattern: key.id), position)
        plainCount += 1
    }

    private mutating func grow() {
        let old = slots
        let capacity = max(8, slots.count * 2)
        slots = Array(repeating: (0, 0), count: capacity)
        shift = UInt.bitWidth - capacity.trailingZeroBitCount
        let mask = capacity - 1
        for entry in old where entry.bits != 0 {
            var slot = TypeTable.slot(of: entry.bits, shift: shift)
            while slots[slot].bits != 0 { slot = (slot + 1) & mask }
            slots[slot] = entry
        }
    }

    /// `value`, read through `inout` so that `&table[key, default: value]` finds the key's entry,
    /// or inserts `value` as it, with one hash.
    private static func value(_ value: inout Int) -> Int { value }
}
