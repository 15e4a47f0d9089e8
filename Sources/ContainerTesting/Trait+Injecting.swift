import Container
import Testing

extension Trait where Self == InjectorTrait {
    /// Gives the test, or each test of the suite, a strict child of `injector` with the
    /// bindings `configure` declares, current for the length of the test.
    ///
    /// ```swift
    /// @Test(.injecting(from: TestApp.injector) { binder in
    ///     binder.bind(Transport.self, toInstance: RecordingTransport())
    /// })
    /// func payingSendsOneRequest() throws { … }
    /// ```
    ///
    /// - Parameters:
    ///   - injector: The injector to derive from, usually the app's composition root built once
    ///     in a `static let`. It is evaluated when each test starts; `nil`, or an error it
    ///     throws, is recorded as an issue. An app whose eager singletons are asynchronous
    ///     needs `Injector.start(modules:)`, which a `static let` cannot await: give the trait
    ///     the modules instead, `.injecting(from: AppModules.all)`, which starts the injector
    ///     once, when the first test starts.
    ///   - strict: Whether the child refuses to build a `.liveOnly()` binding the test did not
    ///     override (the default), as `Injector.child(strict:isolation:_:)` does.
    ///   - sourceLocation: Where issues about this trait point; leave it out.
    ///   - configure: Declares the test's bindings, which shadow the injector's. It runs once
    ///     for each test, so an instance made in it belongs to that test alone.
    public static func injecting(
        from injector: @autoclosure @escaping @Sendable () throws -> Injector?,
        strict: Bool = true,
        sourceLocation: SourceLocation = #_sourceLocation,
        _ configure: @escaping @Sendable (Binder) -> Void = { _ in }
    ) -> Self {
        InjectorTrait(base: .given(injector), strict: strict, configure: configure, sourceLocation: sourceLocation)
    }

    /// Gives the test, or each test of the suite, a strict child of `injector` with the
    /// bindings of `modules`; see ``injecting(from:strict:sourceLocation:_:)``.
    ///
    /// - Parameter modules: The test's modules, made anew for each test.
    public static func injecting(
        from injector: @autoclosure @escaping @Sendable () throws -> Injector?,
        modules: @autoclosure @escaping @Sendable () -> [any Module],
        strict: Bool = true,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> Self {
        InjectorTrait(
            base: .given(injector), strict: strict,
            configure: { binder in
                for module in modules() { module.configure(binder) }
            }, sourceLocation: sourceLocation)
    }

    /// Gives the test, or each test of the suite, a strict child of an injector built from
    /// `modules` under `versions`, with the bindings `configure` declares: the way to run
    /// tests under another version selection, which a child cannot change, and to test an app
    /// whose injector needs `Injector.start` (asynchronous eager singletons).
    ///
    /// ```swift
    /// @Suite(.injecting(from: AppComposition.modules, versions: VersionSelection(default: "v1")) { binder in
    ///     binder.bind(Transport.self, toInstance: RecordingTransport())
    /// })
    /// struct LegacyCheckoutTests { … }   // every test sees the v1 graph, with its own fake
    /// ```
    ///
    /// The injector is built once, when the first test starts, with
    /// `Injector.start(modules:versions:)`, and its singletons are shared by the tests of the
    /// trait as the app injector's are with `.injecting(from:)`. When it does not build, each
    /// test records an ``InjectorTraitError/modulesFailed(versions:_:)`` issue and does not run.
    /// - Parameters:
    ///   - modules: The app's modules, as its composition root gives them to `Injector(modules:)`.
    ///   - versions: The version selection the tests run under; each service's latest version
    ///     when not given.
    ///   - strict: Whether the child refuses to build a `.liveOnly()` binding the test did not
    ///     override (the default).
    ///   - sourceLocation: Where issues about this trait point; leave it out.
    ///   - configure: Declares the test's bindings, which shadow the injector's. It runs once
    ///     for each test.
    public static func injecting(
        from modules: @autoclosure @escaping @Sendable () -> [any Module],
        versions: VersionSelection = .latest,
        strict: Bool = true,
        sourceLocation: SourceLocation = #_sourceLocation,
        _ configure: @escaping @Sendable (Binder) -> Void = { _ in }
    ) -> Self {
        InjectorTrait(
            base: .built(modules: modules, versions: versions, shared: SharedInjector()), strict: strict,
            configure: configure, sourceLocation: sourceLocation)
    }

    /// Gives the test a strict child of the enclosing trait's injector — its suite's, or an
    /// earlier `.injecting` trait's — with the bindings `configure` declares: the suite's fakes
    /// and this test's own.
    ///
    /// ```swift
    /// @Test(.injecting { binder in binder.bind(Clock.self, toInstance: FixedClock(hour: 23)) })
    /// func atNight() throws { … }
    /// ```
    ///
    /// With no enclosing injector, the test records an ``InjectorTraitError/noEnclosingInjector``
    /// issue and does not run.
    public static func injecting(
        strict: Bool = true,
        sourceLocation: SourceLocation = #_sourceLocation,
        _ configure: @escaping @Sendable (Binder) -> Void
    ) -> Self {
        InjectorTrait(base: .enclosing, strict: strict, configure: configure, sourceLocation: sourceLocation)
    }

    /// Gives the test a strict child of the enclosing trait's injector with the bindings of
    /// `modules`; see ``injecting(strict:sourceLocation:_:)``.
    public static func injecting(
        modules: @autoclosure @escaping @Sendable () -> [any Module],
        strict: Bool = true,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> Self {
        InjectorTrait(
            base: .enclosing, strict: strict,
            configure: { binder in
                for module in modules() { module.configure(binder) }
            }, sourceLocation: sourceLocation)
    }
}
