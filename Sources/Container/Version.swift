/// A parsed implementation version: `v1`, `v2`, `v2.1` (the leading `v` is optional).
/// Versions compare by their numbers, so `v10` is above `v9` and `v2` equals `v2.0`.
struct Version: Comparable, Hashable, Sendable, CustomStringConvertible {
    let text: String
    private let components: [Int]

    init?(_ text: String) {
        let digits = text.hasPrefix("v") ? text.dropFirst() : Substring(text)
        let parts = digits.split(separator: ".", omittingEmptySubsequences: false)
        var components: [Int] = []
        for part in parts {
            guard !part.isEmpty, part.allSatisfy(\.isASCII), let number = Int(part), number >= 0 else {
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
