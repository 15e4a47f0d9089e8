import Container
import Testing

/// Keeps the testing example true: the DocC article "Getting Started" quotes the compiled file, and
/// its tests run with the rest.
@Suite("Testing example")
struct TestingExampleTests {
    @Test("The DocC article \"Getting Started\" quotes the compiled example byte for byte")
    func gettingStartedQuotesIt() throws {
        let text = try repositoryText("Sources/Container/Container.docc/GettingStarted.md")
        #expect(text.contains("```swift\n\(try exampleText("TestingExample.swift"))```"))
    }

    @Test("Without a fake, the strict child refuses the real card network")
    func realNetworkRefused() throws {
        let test = try appInjector.child(strict: true) { _ in }
        #expect(throws: ResolutionError.self) { try test.resolve(Checkout.self) }
    }
}
