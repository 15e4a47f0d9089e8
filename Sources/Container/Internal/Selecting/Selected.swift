/// The binding chosen to serve a key, and why: what ``Layer/selected(for:)`` tells
/// introspection. Start-up and validation ask ``Layer/binding(for:)``, which makes none.
struct Selected {
    let binding: Binding
    /// The other bindings that could have served the key with it, lowest version first;
    /// empty when it was the only one, the common case.
    let rivals: [Binding]
    let reason: SelectionReason

    /// The bindings that could have served the key, lowest version first.
    var candidates: [Binding] { rivals.isEmpty ? [binding] : rivals }
}
