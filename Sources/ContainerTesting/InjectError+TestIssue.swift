import Container

extension InjectError {
    /// The issue a test records for this error: the property, the test's `injector`, the
    /// resolution error with its fix, and why the test process stops after it; `id` is the
    /// identifier of the issue, the error's own unless a trait's error carries it.
    func testIssueText(injector: String, id: DiagnosticID? = nil) -> String {
        guard case .unresolvable(let error) = reason else { return description }
        return
            "@Inject \(key) (\(site)) could not be resolved from \(injector) [\(id ?? reason.diagnosticID)]:\n\(error)\n"
            + "The test process stops after this issue, since a property cannot throw: to fail only this test, "
            + "resolve \(key) from the test's injector before the property is read, "
            + "or read the property through its projected value, try $name.get()"
    }
}
