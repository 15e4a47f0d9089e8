import Container
import XCTest

extension XCTestCase {
    /// Runs `body` with a strict child of `injector`, made with the bindings `configure`
    /// declares, as the current injector (`Injector.current`): `@Inject` properties
    /// read in `body` resolve from it, and no other test sees it.
    ///
    /// ```swift
    /// func testPayingSendsOneRequest() throws {
    ///     try withInjector(from: TestApp.injector) { binder in
    ///         binder.bind(Transport.self, toInstance: RecordingTransport())
    ///     } run: { injector in
    ///         try injector.resolve(Checkout.self).pay(cents: 1200)
    ///     }
    /// }
    /// ```
    ///
    /// To run the test under another version selection, which a child cannot change, give it
    /// an injector built for that selection: `withInjector(from: Injector(modules:
    /// AppComposition.modules, versions: VersionSelection(default: "v1")))`.
    ///
    /// An `@Inject` property that cannot be resolved from the child fails the test at `file`
    /// and `line`, naming the property and the fix, before the read stops the test process
    /// (a property cannot throw).
    /// - Parameters:
    ///   - injector: The injector to derive from, usually the app's composition root.
    ///   - strict: Whether the child refuses to build a `.liveOnly()` binding the test did not
    ///     override (the default).
    ///   - isolation: The caller's actor, which the compiler fills in: leave it out.
    ///   - file: The file that failures point at; leave it out.
    ///   - line: The line that failures point at; leave it out.
    ///   - configure: Declares the test's bindings, which shadow the injector's.
    ///   - body: The test, given the child injector.
    /// - Returns: What `body` returns.
    /// - Throws: `ValidationError` or `ResolutionError` when the child
    ///   cannot be built (XCTest reports it as the test's failure), and what `body` throws.
    public func withInjector<Result>(
        from injector: Injector, strict: Bool = true,
        isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #filePath, line: UInt = #line,
        _ configure: (Binder) -> Void,
        run body: (Injector) throws -> Result
    ) throws -> Result {
        let child = try injector.child(strict: strict, isolation: isolation, configure)
        return try Injector.$current.withValue(child) {
            try InjectError.$reporter.withValue(Self.reporter(named: "withInjector", file: file, line: line)) {
                try body(child)
            }
        }
    }

    /// Runs the asynchronous `body` with a strict child of `injector` as the current injector,
    /// for it and the tasks it starts; the child's asynchronous eager singletons are built
    /// first. See ``withInjector(from:strict:isolation:file:line:_:run:)``.
    ///
    /// ```swift
    /// func testCheckoutWaitsForTheStore() async throws {
    ///     try await withInjectorAsync(from: TestApp.injector) { binder in
    ///         binder.bind(Transport.self, toInstance: RecordingTransport())
    ///     } run: { injector in
    ///         try await injector.resolveAsync(Checkout.self).payLater(cents: 1200)
    ///     }
    /// }
    /// ```
    public func withInjectorAsync<Result>(
        from injector: Injector, strict: Bool = true,
        isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #filePath, line: UInt = #line,
        _ configure: sending (Binder) -> Void,
        run body: (Injector) async throws -> Result
    ) async throws -> Result {
        let child = try await injector.startChild(strict: strict, configure)
        return try await Injector.$current.withValue(
            child,
            operation: {
                try await InjectError.$reporter.withValue(
                    Self.reporter(named: "withInjectorAsync", file: file, line: line),
                    operation: { try await body(child) }, isolation: isolation)
            }, isolation: isolation)
    }

    /// Fails the running test with an `@Inject` error, at the call of `function`.
    private static func reporter(
        named function: String, file: StaticString, line: UInt
    ) -> @Sendable (InjectError) -> Void {
        let call = "\(function) at \("\(file)".split(separator: "/").last ?? ""):\(line)"
        return { error in
            XCTFail(error.testIssueText(injector: "the test's injector, made by \(call)"), file: file, line: line)
        }
    }
}
