import Container
import ContainerTesting
import Testing

/// Keeps the trait examples of the DocC article "Testing" true: the article quotes the
/// compiled file (DocumentationExamplesTests checks the quotes), whose tests run with the rest,
/// and a forgotten fake fails as it says.
@Suite("Testing article trait examples")
struct TestingTraitExampleTests {
    @Test("Without the fake, resolving first throws, and so does the screen's checked read")
    func forgottenFake() async throws {
        let test = try #require(Test.current)
        try await InjectorTrait.injecting(from: shippingInjector).provideScope(for: test, testCase: nil) {
            let injector = try #require(Injector.current)
            let refused = try #require(throws: ResolutionError.self) {
                try injector.resolve((any LabelPrinter).self)
            }
            guard case .liveOnly = refused.reason else {
                Issue.record("unexpected \(refused)")
                return
            }
            let error = try #require(throws: InjectError.self) { try LabelScreen().checkedLabel(grams: 1) }
            #expect(error.key == .of((any LabelPrinter).self))
        }
    }
}
