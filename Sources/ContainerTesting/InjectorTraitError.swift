import Testing

/// Why an ``InjectorTrait`` could not give a test its injector; recorded as the test's issue,
/// and the test's body is not run.
public enum InjectorTraitError: Error, CustomStringConvertible {
    /// `.injecting(from:)` was given `nil`, such as `Injector.default` before any was set.
    case noInjectorGiven
    /// `.injecting { … }` without `from:` found no enclosing trait's injector to derive from.
    case noEnclosingInjector
    /// A trait with `from:` runs inside another `.injecting` trait (the one at `outer`), whose
    /// overrides it would drop.
    case nested(outer: SourceLocation)
    /// The injector given to `.injecting(from:)` threw when it was evaluated.
    case givenInjectorFailed(any Error)
    /// The test's child injector did not build: its bindings do not validate, or an eager
    /// singleton failed.
    case childFailed(any Error)

    /// What went wrong and how to fix it.
    public var description: String {
        switch self {
        case .noInjectorGiven:
            "error: .injecting(from:) was given no injector (nil)\n"
                + "  fix: pass the app's injector, built once in a static let that the test target defines"
        case .noEnclosingInjector:
            "error: .injecting { … } has no injector to derive from: neither its suite nor an earlier trait of the test gives one\n"
                + "  fix: write .injecting(from: appInjector) { … } here, or put .injecting(from: appInjector) on the suite"
        case .nested(let outer):
            "error: .injecting(from:) is nested inside the .injecting trait at \(outer.fileID):\(outer.line), whose overrides it would drop\n"
                + "  fix: write this one as .injecting { … } to add to the enclosing injector, or keep only one of the two"
        case .givenInjectorFailed(let error):
            "error: the injector given to .injecting(from:) could not be built:\n\(error)"
        case .childFailed(let error):
            "error: the test's injector could not be built:\n\(error)"
        }
    }
}
