/// A table from a type's identity to a word, by open addressing with Fibonacci hashing: the one
/// hash table under a level's lookups by type, both of producers on the resolve path
/// (``ProducerTable``) and of key positions while the graph is settled (``KeyIndex``). Finding a
/// type costs a multiply and a probe or two, with no `Hasher`, which costs a dictionary of
/// ``ServiceKey`` far more per insert and per lookup.
///
/// Its invariants: a type's identity is never 0, which marks an empty slot; the table is at
/// most half full (it grows before an insert would fill more), so every probe ends at an empty
/// slot; and nothing is ever removed, so a lookup needs no lock once the table is frozen in a
/// `let`.
@usableFromInline
struct IdentityTable: Sendable {
    /// Each slot's identity bits, 0 for none.
    @usableFromInline private(set) var identities: [UInt]
    /// Each slot's word. Apart from ``identities``, so that a probe reads only identities.
    @usableFromInline private(set) var values: [UInt]
    /// Shifts a product's top bits down to a slot: the word size less the capacity's log2.
    @usableFromInline private(set) var shift: Int
    private(set) var count = 0

    /// A table that holds `minimumCapacity` identities without growing. An empty one has one
    /// empty slot, shared by every empty table, so it allocates nothing until an insert.
    init(minimumCapacity: Int = 0) {
        var capacity = minimumCapacity == 0 ? 1 : 8
        while capacity < minimumCapacity * 2 { capacity *= 2 }
        identities = capacity == 1 ? Self.empty : Array(repeating: 0, count: capacity)
        values = identities
        shift = UInt.bitWidth - capacity.trailingZeroBitCount
    }

    private static let empty: [UInt] = [0]

    /// The slot where a probe for `bits` starts.
    @inlinable
    static func home(of bits: UInt, shift: Int) -> Int {
        // 2^64 ÷ the golden ratio, which spreads pointer bits over the top ones; its low half
        // where a word is 32 bits (watchOS on arm64_32).
        Int(truncatingIfNeeded: (bits &* UInt(truncatingIfNeeded: 0x9E37_79B9_7F4A_7C15 as UInt64)) >> UInt(shift))
    }

    /// The word of `id`, or `nil` when the table does not hold it.
    @inlinable
    subscript(id: ObjectIdentifier) -> UInt? {
        let bits = UInt(bitPattern: id)
        let mask = identities.count - 1
        var slot = Self.home(of: bits, shift: shift)
        while true {
            let stored = identities[slot]
            if stored == bits { return values[slot] }
            if stored == 0 { return nil }
            slot = (slot + 1) & mask
        }
    }

    /// The word of `id`; when the table does not hold it, `value` becomes its word.
    mutating func value(for id: ObjectIdentifier, insertingIfAbsent value: UInt) -> UInt {
        let slot = slot(for: id)
        if identities[slot] != 0 { return values[slot] }
        claim(slot, for: id, value)
        return value
    }

    /// Makes `value` the word of `id`, whether or not the table held it.
    mutating func set(_ value: UInt, for id: ObjectIdentifier) {
        let slot = slot(for: id)
        if identities[slot] != 0 {
            values[slot] = value
        } else {
            claim(slot, for: id, value)
        }
    }

    /// The slot that holds `id`, or the empty one where it would go; grows first when one more
    /// identity would fill more than half the table.
    private mutating func slot(for id: ObjectIdentifier) -> Int {
        if (count + 1) * 2 > identities.count { grow() }
        let bits = UInt(bitPattern: id)
        var slot = Self.home(of: bits, shift: shift)
        while identities[slot] != 0 && identities[slot] != bits { slot = (slot + 1) & (identities.count - 1) }
        return slot
    }

    private mutating func claim(_ slot: Int, for id: ObjectIdentifier, _ value: UInt) {
        identities[slot] = UInt(bitPattern: id)
        values[slot] = value
        count += 1
    }

    private mutating func grow() {
        let (oldIdentities, oldValues) = (identities, values)
        let capacity = max(8, identities.count * 2)
        identities = Array(repeating: 0, count: capacity)
        values = identities
        shift = UInt.bitWidth - capacity.trailingZeroBitCount
        for (bits, value) in zip(oldIdentities, oldValues) where bits != 0 {
            var slot = Self.home(of: bits, shift: shift)
            while identities[slot] != 0 { slot = (slot + 1) & (capacity - 1) }
            identities[slot] = bits
            values[slot] = value
        }
    }
}

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
