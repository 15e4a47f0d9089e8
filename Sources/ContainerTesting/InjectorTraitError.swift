import Container
import Testing

/// What went wrong with a test's ``InjectorTrait``, recorded as an issue of the test: the
/// trait could not give the test its injector (and the test's body did not run), or an
/// `@Inject` property read in the body could not be resolved from it.
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
    /// The injector that `.injecting(from:versions:)` builds from its modules under `versions`
    /// did not build: its graph does not validate under that selection, or an eager singleton
    /// failed.
    case modulesFailed(versions: VersionSelection, any Error)
    /// The test's child injector, declared by the trait at `trait`, did not build: its
    /// bindings do not validate, or an eager singleton failed.
    case childFailed(any Error, trait: SourceLocation)
    /// An `@Inject` property read during the test could not be resolved from the injector of
    /// the trait at `trait`. The read then stops the test process, since a property cannot
    /// throw; the issue says which property and how to fix the test.
    case injectFailed(InjectError, trait: SourceLocation)

    /// This error's stable identifier (G5xx), which ``description`` prints; an error it carries
    /// prints its own as well.
    public var diagnosticID: DiagnosticID {
        switch self {
        case .noInjectorGiven: DiagnosticID("G501")
        case .noEnclosingInjector: DiagnosticID("G502")
        case .nested: DiagnosticID("G503")
        case .givenInjectorFailed: DiagnosticID("G504")
        case .modulesFailed: DiagnosticID("G505")
        case .childFailed: DiagnosticID("G506")
        case .injectFailed: Self.injectFailedID
        }
    }

    /// The identifier of an `@Inject` read that failed in a test, which XCTest's `withInjector`
    /// reports too.
    static let injectFailedID = DiagnosticID("G507")

    /// What went wrong and how to fix it.
    public var description: String {
        switch self {
        case .noInjectorGiven:
            ".injecting(from:) was given no injector (nil) [\(diagnosticID)]\n"
                + "  fix: pass the app's injector, built once in a static let that the test target defines"
        case .noEnclosingInjector:
            ".injecting { … } has no injector to derive from: neither its suite nor an earlier trait of the test gives one [\(diagnosticID)]\n"
                + "  fix: write .injecting(from: appInjector) { … } here, or put .injecting(from: appInjector) on the suite"
        case .nested(let outer):
            ".injecting(from:) is nested inside the .injecting trait at \(outer.fileID):\(outer.line), whose overrides it would drop [\(diagnosticID)]\n"
                + "  fix: write this one as .injecting { … } to add to the enclosing injector, or keep only one of the two"
        case .givenInjectorFailed(let error):
            "the injector given to .injecting(from:) could not be built [\(diagnosticID)]:\n\(error)"
        case .modulesFailed(let versions, let error):
            "the injector that .injecting(from:versions:) builds from its modules under versions \(versions) could not be built [\(diagnosticID)]:\n\(error)"
        case .childFailed(let error, let trait):
            "the test's injector could not be built [\(diagnosticID)]:\n\(error)"
                + Self.attributeNote(for: error, trait: trait)
        case .injectFailed(let error, let trait):
            error.testIssueText(
                injector: "the test's injector, made by the .injecting trait at \(trait.fileID):\(trait.line)")
        }
    }

    /// A note for bindings that report the line of the test's declaration: Swift Testing's
    /// `@Test` and `@Suite` macros give that line to all the code written in their attribute,
    /// a trait's closure too, so two bindings there seem to be declared on one line.
    private static func attributeNote(for error: any Error, trait: SourceLocation) -> String {
        let sites: [DeclarationSite] =
            switch error {
            case let error as ValidationError:
                error.problems.flatMap { [$0.site].compactMap { $0 } + $0.path.compactMap(\.site) }
            case let error as ResolutionError:
                error.path.compactMap(\.site)
            default:
                []
            }
        guard sites.contains(DeclarationSite(fileID: trait.fileID, line: trait.line)) else { return "" }
        return "\nnote: \(trait.fileID):\(trait.line) is the line of the test's declaration: Swift Testing's @Test and "
            + "@Suite macros give that line to all the code in their attribute, so it is not the line of each binding "
            + "written there; declare the bindings in a Module or a static func to see each one's line"
    }
}
