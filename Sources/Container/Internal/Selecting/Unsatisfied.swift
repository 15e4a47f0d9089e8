/// A selected version that no binding of a key can serve.
struct Unsatisfied: Sendable {
    let selected: String
    let bound: [String]
}
