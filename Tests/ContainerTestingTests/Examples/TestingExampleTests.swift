import Container
import Testing

/// Keeps the testing example true: the DocC articles "Getting Started" and "Testing" quote the
/// compiled file (DocumentationExamplesTests checks the quotes), and its tests run with the rest.
@Suite("Testing example")
struct TestingExampleTests {
    @Test("Without a fake, the strict child refuses the real card network")
    func realNetworkRefused() throws {
        let test = try appInjector.child(strict: true) { _ in }
        #expect(throws: ResolutionError.self) { try test.resolve(Checkout.self) }
    }
}
