/// The binding chosen to serve a key, and why.
///
/// A class, so that a lookup, which start-up and validation make for every key and edge, copies
/// one reference rather than a binding, an array and a reason with its strings.
final class Selected: Sendable {
    let binding: Binding
    /// The other bindings that could have served the key with it, lowest version first;
    /// empty when it was the only one, the common case, to save an array per key.
    private let rivals: [Binding]
    let reason: SelectionReason

    init(binding: Binding, candidates: [Binding], reason: SelectionReason) {
        self.binding = binding
        rivals = candidates.count > 1 ? candidates : []
        self.reason = reason
    }

    /// The bindings that could have served the key, lowest version first.
    var candidates: [Binding] { rivals.isEmpty ? [binding] : rivals }
}
