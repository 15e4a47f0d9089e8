/// A frozen open-addressing table from a type to its producer: the unnamed-binding lookup on
/// the resolve path, cheaper than hashing a ``ServiceKey``.
///
/// It holds its producers unretained, as the bits of their addresses, so a lookup costs no
/// reference counting; whoever builds the table must keep the producers alive as long as the
/// table (``ProducerTable`` does).
@usableFromInline
struct TypeTable: Sendable {
    @usableFromInline let slots: [UInt]
    @usableFromInline let producers: [UInt]
    @usableFromInline let shift: Int

    init(_ entries: [(ObjectIdentifier, any AnyProducer)]) {
        var capacity = 8
        while capacity < entries.count * 2 { capacity *= 2 }
        shift = UInt.bitWidth - capacity.trailingZeroBitCount
        var slots = [UInt](repeating: 0, count: capacity)
        var producers = [UInt](repeating: 0, count: capacity)
        for (id, producer) in entries {
            let bits = UInt(bitPattern: id)
            var slot = Self.slot(of: bits, shift: shift)
            while slots[slot] != 0 && slots[slot] != bits { slot = (slot + 1) & (capacity - 1) }
            slots[slot] = bits
            producers[slot] = UInt(bitPattern: Unmanaged<AnyObject>.passUnretained(producer).toOpaque())
        }
        self.slots = slots
        self.producers = producers
    }

    /// Fibonacci hashing: the golden-ratio multiplier spreads pointer bits over the high bits.
    @inlinable
    static var multiplier: UInt { UInt(truncatingIfNeeded: 0x9E37_79B9_7F4A_7C15 as UInt64) }

    @inlinable
    static func slot(of bits: UInt, shift: Int) -> Int {
        Int(truncatingIfNeeded: (bits &* multiplier) >> UInt(shift))
    }

    @inlinable
    subscript(id: ObjectIdentifier) -> Unmanaged<AnyObject>? {
        let bits = UInt(bitPattern: id)
        let mask = slots.count - 1
        var slot = Self.slot(of: bits, shift: shift)
        while true {
            let stored = slots[slot]
            if stored == bits {
                return UnsafeRawPointer(bitPattern: producers[slot]).map { Unmanaged<AnyObject>.fromOpaque($0) }
            }
            if stored == 0 { return nil }
            slot = (slot + 1) & mask
        }
    }
}
