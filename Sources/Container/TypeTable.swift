/// A frozen open-addressing table from a type to its producer: the unnamed-binding lookup on
/// the resolve path, cheaper than hashing a ``ServiceKey``.
struct TypeTable: Sendable {
    private let slots: [UInt]
    private let producers: [(any AnyProducer)?]
    private let shift: Int

    init(_ entries: [(ObjectIdentifier, any AnyProducer)]) {
        var capacity = 8
        while capacity < entries.count * 2 { capacity *= 2 }
        shift = UInt.bitWidth - capacity.trailingZeroBitCount
        var slots = [UInt](repeating: 0, count: capacity)
        var producers = [(any AnyProducer)?](repeating: nil, count: capacity)
        for (id, producer) in entries {
            let bits = UInt(bitPattern: id)
            var slot = Self.slot(of: bits, shift: shift)
            while slots[slot] != 0 && slots[slot] != bits { slot = (slot + 1) & (capacity - 1) }
            slots[slot] = bits
            producers[slot] = producer
        }
        self.slots = slots
        self.producers = producers
    }

    /// Fibonacci hashing: the golden-ratio multiplier spreads pointer bits over the high bits.
    private static let multiplier = UInt(truncatingIfNeeded: 0x9E37_79B9_7F4A_7C15 as UInt64)

    private static func slot(of bits: UInt, shift: Int) -> Int {
        Int(truncatingIfNeeded: (bits &* multiplier) >> UInt(shift))
    }

    subscript(id: ObjectIdentifier) -> (any AnyProducer)? {
        let bits = UInt(bitPattern: id)
        let mask = slots.count - 1
        var slot = Self.slot(of: bits, shift: shift)
        while true {
            let stored = slots[slot]
            if stored == bits { return producers[slot] }
            if stored == 0 { return nil }
            slot = (slot + 1) & mask
        }
    }
}
