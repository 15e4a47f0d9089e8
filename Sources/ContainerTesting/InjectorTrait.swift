import Container
import Testing

/// A Swift Testing trait that gives each test its own injector: a strict child of a given
/// injector with the test's overrides, current (`Injector.current`) for the length
/// of the test, so `@Inject` properties and `Injector.default` resolve from it and
/// tests running in parallel never see each other's fakes.
///
/// Make one with `.injecting(from:strict:sourceLocation:_:)` and its relatives:
///
/// ```swift
/// @Suite(.injecting(from: TestApp.injector) { binder in
///     binder.bind(Transport.self, toInstance: RecordingTransport())
/// })
/// struct CheckoutTests {
///     @Inject var checkout: Checkout
///
///     @Test(.injecting { binder in binder.bind(Clock.self, toInstance: FixedClock(hour: 23)) })
///     func atNight() throws { … }   // the suite's fake and this test's clock
/// }
/// ```
///
/// On a suite, every test in it (and in suites nested in it) gets a child of its own, built
/// from the suite's overrides when the test starts: no instance is shared between two tests
/// except the given injector's own singletons. Inside the test, read the test's injector with
/// `Injector.current`. Misuse — no injector to derive from, a trait with `from:` inside
/// another, a child that does not validate — is recorded as an issue with an
/// ``InjectorTraitError``, and the test's body is not run.
///
/// An `@Inject` property that cannot be resolved from the test's injector is recorded as an
/// issue of the test too (``InjectorTraitError/injectFailed(_:trait:)``), naming the
/// property, the trait and the fix; the read then stops the test process, since a property
/// cannot throw.
public struct InjectorTrait: TestTrait, SuiteTrait, TestScoping {
    /// Where the child's parent comes from.
    enum Base: Sendable {
        /// The injector the trait was given, evaluated when a test starts.
        case given(@Sendable () throws -> Injector?)
        /// An injector built from modules under a version selection, once for every test of
        /// the trait.
        case built(modules: @Sendable () -> [any Module], versions: VersionSelection, shared: SharedInjector)
        /// The injector of an enclosing trait (the suite's, or an earlier trait of the test).
        case enclosing
    }

    let base: Base
    let strict: Bool
    let configure: @Sendable (Binder) -> Void
    let sourceLocation: SourceLocation

    /// The trait in effect around the running test, if any; a trait with `from:` refuses to
    /// run inside one, which would silently drop its overrides.
    @TaskLocal static var enclosing: SourceLocation?

    /// `true`: on a suite, each test gets its own child, never one shared by the suite's tests.
    public var isRecursive: Bool { true }

    /// Builds the test's injector and runs the test with it current; records an issue, and
    /// runs nothing, when it cannot be built. An `@Inject` property that the test's injector
    /// cannot resolve is recorded as an issue of the test before the read stops the process.
    public func provideScope(
        for test: Test, testCase: Test.Case?,
        performing function: @Sendable () async throws -> Void
    ) async throws {
        try await provideScope(performing: function)
    }

    /// The scope of ``provideScope(for:testCase:performing:)``, which needs no test: the
    /// package's tests open it where there is none, in an exit test's process.
    package func provideScope(performing function: @Sendable () async throws -> Void) async throws {
        let injector: Injector
        do {
            injector = try await makeInjector()
        } catch {
            Issue.record(error, sourceLocation: sourceLocation)
            return
        }
        let trait = sourceLocation
        try await Injector.$current.withValue(injector) {
            try await Self.$enclosing.withValue(sourceLocation) {
                try await InjectError.$reporter.withValue({ error in
                    Issue.record(InjectorTraitError.injectFailed(error, trait: trait), sourceLocation: trait)
                }) {
                    try await function()
                }
            }
        }
    }

    /// The strict child of the base injector with this trait's bindings.
    private func makeInjector() async throws(InjectorTraitError) -> Injector {
        let parent: Injector
        switch base {
        case .given(let make):
            if let outer = Self.enclosing { throw .nested(outer: outer) }
            let given: Injector?
            do { given = try make() } catch { throw .givenInjectorFailed(error) }
            guard let given else { throw .noInjectorGiven }
            parent = given
        case .built(let modules, let versions, let shared):
            if let outer = Self.enclosing { throw .nested(outer: outer) }
            do {
                // Every child of a strict trait refuses what is live-only: its parent need not
                // build it, nor what needs it.
                parent = try await shared.injector { [strict] in
                    strict
                        ? try await Injector.startForStrictChildren(modules: modules(), versions: versions)
                        : try await Injector.start(modules: modules(), versions: versions)
                }
            } catch {
                throw .modulesFailed(versions: versions, error)
            }
        case .enclosing:
            guard let current = Injector.current else { throw .noEnclosingInjector }
            parent = current
        }
        do {
            return try await parent.startChild(strict: strict, configure)
        } catch {
            throw .childFailed(error, trait: sourceLocation)
        }
    }
}
