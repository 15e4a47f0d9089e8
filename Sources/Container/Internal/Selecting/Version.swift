/// A parsed implementation version: `v1`, `v2`, `v2.1` — a `v`, then numbers separated by
/// dots. Versions compare by their numbers, so `v10` is above `v9` and `v2` equals `v2.0`.
struct Version: Comparable, Hashable, Sendable, CustomStringConvertible {
    let text: String
    private let components: [Int]

    init?(_ text: String) {
        guard text.hasPrefix("v") else { return nil }
        let parts = text.dropFirst().split(separator: ".", omittingEmptySubsequences: false)
        var components: [Int] = []
        for part in parts {
            guard !part.isEmpty, part.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(part) else {
                return nil
            }
            components.append(number)
        }
        guard !components.isEmpty else { return nil }
        while components.count > 1, components.last == 0 { components.removeLast() }
        self.text = text
        self.components = components
    }

    var description: String { text }

    static func < (lhs: Version, rhs: Version) -> Bool {
        lhs.components.lexicographicallyPrecedes(rhs.components)
    }

    static func == (lhs: Version, rhs: Version) -> Bool { lhs.components == rhs.components }

    func hash(into hasher: inout Hasher) { hasher.combine(components) }

    static let formatHelp = "a version such as v1, v2 or v2.1 ('v', then numbers separated by dots)"
}
