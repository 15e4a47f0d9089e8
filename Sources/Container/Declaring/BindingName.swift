/// A binding's name as a type, so that factories ask for named bindings with ``Named`` and
/// the compiler checks the spelling at both ends.
///
/// ```swift
/// enum Replica: BindingName { static let name = "replica" }
/// ```
public protocol BindingName: Sendable {
    /// The name, as `.named(_:)` and ``Injector/resolve(_:named:isolation:)-6mad1`` spell it.
    static var name: String { get }
}
