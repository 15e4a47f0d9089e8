import Container

extension InjectError {
    /// The issue a test records for this error: the property, the test's `injector`, the
    /// resolution error with its fix, and why the test process stops after it. It is the issue
    /// of an `@Inject` read that failed in a test, G507, whether a trait or `withInjector` gave
    /// the test its injector.
    func testIssueText(injector: String) -> String {
        guard case .unresolvable(let error) = reason else { return description }
        return
            "@Inject \(key) (\(site)) could not be resolved from \(injector) [\(InjectorTraitError.injectFailedID)]:\n\(error)\n"
            + "The test process stops after this issue, since a property cannot throw: to fail only this test, "
            + "resolve \(key) from the test's injector before the property is read, "
            + "or read the property through its projected value, try $name.get()"
    }
}
