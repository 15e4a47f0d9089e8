/// How the models decode their whole numbers (`Product.prices`, `Cart.amounts`, …): only within
/// their ranges. A helper of this package, not of the contract: it is `package`, so the backend
/// decodes its own file's counters the same way, and no user of these types sees it.
extension KeyedDecodingContainer {
    /// A whole number that must lie in `range`: what keeps a hostile server or a hand-edited file
    /// from handing the arithmetic a value that overflows.
    ///
    /// - Throws: `DecodingError.dataCorrupted` at `key`, saying which range it must be in; it reads
    ///   as `data.items[2].price: must be from 0 to 100000000, not -1` once it is a ``TransportError``.
    package func decode(_ type: Int.Type, forKey key: Key, in range: ClosedRange<Int>) throws -> Int {
        try checked(decode(Int.self, forKey: key), key, range)
    }

    /// Like ``decode(_:forKey:in:)``, for a member that may be absent or null.
    package func decodeIfPresent(_ type: Int.Type, forKey key: Key, in range: ClosedRange<Int>) throws -> Int? {
        try decodeIfPresent(Int.self, forKey: key).map { value in try checked(value, key, range) }
    }

    private func checked(_ value: Int, _ key: Key, _ range: ClosedRange<Int>) throws -> Int {
        guard range.contains(value) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self,
                debugDescription: "must be from \(range.lowerBound) to \(range.upperBound), not \(value)")
        }
        return value
    }
}
