import Container
import Testing

/// Keeps the testing example true: README and the DocC article quote the compiled file, and
/// its tests run with the rest.
@Suite("Testing example")
struct TestingExampleTests {
    @Test(
        "README and the DocC article quote the compiled example byte for byte",
        arguments: [
            "README.md", "Sources/Container/Container.docc/GettingStarted.md",
        ])
    func documentsQuoteIt(_ document: String) throws {
        let text = try repositoryText(document)
        #expect(text.contains("```swift\n\(try exampleText("TestingExample.swift"))```"))
    }

    @Test("Without a fake, the strict child refuses the real card network")
    func realNetworkRefused() throws {
        let test = try appInjector.child(strict: true) { _ in }
        #expect(throws: ResolutionError.self) { try test.resolve(Checkout.self) }
    }
}
