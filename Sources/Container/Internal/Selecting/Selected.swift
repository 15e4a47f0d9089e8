/// Why a binding serves its key; worded only when ``Injector/explain(_:named:)`` asks.
enum SelectionReason: Sendable, CustomStringConvertible {
    case exact(selected: String, origin: VersionSelection.Origin)
    case fallback(selected: String, origin: VersionSelection.Origin, to: String)
    case unversioned
    /// No selection was given, so the highest bound version serves.
    case latest(String)
    case unversionedFallback(selected: String, origin: VersionSelection.Origin)
    case childOverride
    /// A multibinding, made from this many contributions.
    case collection(items: Int)

    var description: String {
        switch self {
        case .exact(let selected, let origin):
            "selected \(selected) (\(origin)); bound in that version"
        case .fallback(let selected, let origin, let chosen):
            "selected \(selected) (\(origin)); no \(selected) binding, so the highest below it, \(chosen)"
        case .latest(let version):
            "no selection given, so the latest bound version, \(version)"
        case .unversioned:
            "bound without a version, so it serves every selection"
        case .unversionedFallback(let selected, let origin):
            "selected \(selected) (\(origin)); no binding at or below it, so the one without a version"
        case .collection(0):
            "no contribution is chosen for the selection, so it is empty"
        case .collection(let items):
            "made from the \(items == 1 ? "1 contribution" : "\(items) contributions") chosen for the selection"
        case .childOverride:
            "overridden by the child injector"
        }
    }
}

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
