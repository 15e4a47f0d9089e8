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
