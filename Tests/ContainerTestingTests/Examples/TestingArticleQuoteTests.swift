import Testing

/// The DocC article "Testing" quotes the testing example too; TestingExampleTests runs it.
@Suite("Testing article quote")
struct TestingArticleQuoteTests {
    @Test("The DocC article \"Testing\" quotes the compiled testing example byte for byte")
    func articleQuotesIt() throws {
        let text = try repositoryText("Sources/Container/Container.docc/Testing.md")
        #expect(text.contains("```swift\n\(try exampleText("TestingExample.swift"))```"))
    }
}
