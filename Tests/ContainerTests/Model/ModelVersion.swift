/// A version as DESIGN.md "Versions" writes it: `v`, then dot-separated numbers, compared by
/// number (`v10` above `v9`, `v2.1` between `v2` and `v3`, `v2` the same as `v2.0`).
struct ModelVersion: Comparable, Hashable {
    private let numbers: [Int]

    init?(_ text: String) {
        guard text.first == "v" else { return nil }
        var numbers: [Int] = []
        for part in text.dropFirst().split(separator: ".", omittingEmptySubsequences: false) {
            guard !part.isEmpty, part.allSatisfy({ ("0"..."9").contains($0) }), let number = Int(part) else {
                return nil
            }
            numbers.append(number)
        }
        guard !numbers.isEmpty else { return nil }
        while numbers.count > 1, numbers.last == 0 { numbers.removeLast() }
        self.numbers = numbers
    }

    static func < (lhs: ModelVersion, rhs: ModelVersion) -> Bool {
        lhs.numbers.lexicographicallyPrecedes(rhs.numbers)
    }
}
