/// The bound keys that a key nothing binds may have meant, found by hashing, so that a look-up
/// costs the same however large the graph: validation stays linear with a thousand missing keys.
///
/// Two kinds of near miss:
/// - the same type bound under other names, or without one (`Database` is bound under the name
///   "replica");
/// - another type whose name has the same *stem*: the name without `any `, a module prefix,
///   case, and the words a concrete type adds to its protocol's name (`SystemClock`, `LiveClock`,
///   `ClockImpl`, `ClockV2` all have the stem of `Clock`), which is how a protocol's dependant
///   meets a binding of the concrete class.
struct NearMatches {
    /// The names each type is bound under; `nil` for a binding without one.
    private var namesByType: [ObjectIdentifier: [String?]] = [:]
    /// The bound types with each stem, by their displayed names.
    private var typesByStem: [String: [String]] = [:]

    /// The near misses among `keys`, the keys that are bound; contributions are left out, since
    /// nothing asks for one item.
    init(_ keys: some Sequence<ServiceKey>) {
        for key in keys where key.item == nil {
            if namesByType[key.id]?.contains(key.name) != true { namesByType[key.id, default: []].append(key.name) }
            let name = key.typeName
            let stem = Self.stem(of: name)
            if typesByStem[stem]?.contains(name) != true { typesByStem[stem, default: []].append(name) }
        }
    }

    /// Notes about what `missing` may have meant, for its diagnostic; empty when nothing is near.
    func notes(for missing: ServiceKey) -> [String] {
        // A collection's diagnostic says where its contributions went instead.
        guard !(missing.type is any CollectionShaped.Type) else { return [] }
        if let names = namesByType[missing.id], !names.isEmpty {
            let other = names.filter { $0 != missing.name }
            let named = other.compactMap { $0 }.sorted().map { "\"\($0)\"" }
            var places: [String] = []
            if other.contains(nil) { places.append("without a name") }
            if !named.isEmpty {
                places.append(named.count == 1 ? "under the name \(named[0])" : "under the names \(Self.list(named))")
            }
            return ["note: \(missing.typeName) is bound \(places.joined(separator: " and "))"]
        }
        let similar = (typesByStem[Self.stem(of: missing.typeName)] ?? []).filter { $0 != missing.typeName }.sorted()
        guard !similar.isEmpty else { return [] }
        let bound = similar.count == 1 ? "it is bound" : "they are bound"
        // A concrete type's name adds words to its protocol's: when the bound name is the
        // longer, the missing key is the protocol, which the concrete binding can serve; when it
        // is the shorter, the dependant asks for a concrete type where the protocol is bound.
        let advice =
            similar[0].count > missing.typeName.count
            ? "to serve \(missing.typeName) with it, bind(\(missing.typeName).self, to: \(similar[0]).init), "
                + "or .implements(\(missing.typeName).self) on its binding"
            : "depend on \(similar[0]) instead"
        return ["note: did you mean \(Self.list(similar, joiner: "or"))? \(bound); \(advice)"]
    }

    /// The words that a concrete type's name adds to its protocol's, at either end.
    private static let prefixes = ["live", "default", "real", "system", "concrete", "standard"]
    private static let suffixes = ["implementation", "impl", "live", "default", "protocol"]

    /// `name` without `any `, its module prefix, case, and a concrete type's added words.
    static func stem(of name: String) -> String {
        var stem = Substring(name)
        if stem.hasPrefix("any ") { stem = stem.dropFirst(4) }
        if let dot = stem.lastIndex(of: "."), !stem.contains("<"), !stem.contains("[") {
            stem = stem[stem.index(after: dot)...]
        }
        var lower = stem.lowercased()
        // A trailing version, `V2` or `V2_1`, which a generation's class often carries.
        if let v = lower.lastIndex(of: "v"), lower.index(after: v) < lower.endIndex,
            lower[lower.index(after: v)...].allSatisfy({ $0.isNumber || $0 == "_" })
        {
            lower = String(lower[..<v])
        }
        for prefix in prefixes where lower.hasPrefix(prefix) && lower.count > prefix.count {
            lower = String(lower.dropFirst(prefix.count))
            break
        }
        for suffix in suffixes where lower.hasSuffix(suffix) && lower.count > suffix.count {
            lower = String(lower.dropLast(suffix.count))
            break
        }
        return lower
    }

    /// `a`, `a and b`, `a, b and c`.
    private static func list(_ items: [String], joiner: String = "and") -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " \(joiner) " + items.last!
    }
}

/// Which of some names a person most likely meant by a word that is none of them: what a
/// "did you mean" suggestion offers. Shared, as package API, by the container's diagnostics and
/// the `graft` command line's, so both suggest by one rule.
package enum Spelling {
    /// The candidate closest to `word`: the only one it begins (`Cart` for `CartService`), else
    /// the nearest by edit distance when that is close enough to be a typo; `nil` when none is.
    package static func nearest(_ word: String, among candidates: [String]) -> String? {
        let extending = candidates.filter {
            $0.lowercased().hasPrefix(word.lowercased()) && !word.isEmpty && $0 != word
        }
        if extending.count == 1 { return extending[0] }
        let scored = candidates.map { ($0, distance(word, $0)) }.min { $0.1 < $1.1 }
        guard let (candidate, score) = scored, score <= max(2, candidate.count / 3) else { return nil }
        return candidate
    }

    /// The number of letters to insert, delete or replace to make `a` into `b` (Levenshtein).
    package static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1]
            for (j, y) in b.enumerated() {
                current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }
}
