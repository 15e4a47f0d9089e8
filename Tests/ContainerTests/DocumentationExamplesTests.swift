import Foundation
import Testing

/// Every Swift block of the repository's documents is an example that a test compiles: the text
/// between a pair of markers of an example file (`Tests/*/Examples`, or the files of the example
/// server, which its own package builds and tests in CI), or the QuickStart program;
/// and every example is quoted where it was written to be. The one kind of block no target
/// compiles, lines of a `Package.swift`, is kept true by `ReadmeTests.packageLines`.
@Suite("Documentation examples")
struct DocumentationExamplesTests {
    static let catalog = "Sources/Container/Container.docc"
    static let exampleFolders = [
        "Tests/ContainerTests/Examples", "Tests/ContainerTestingTests/Examples", "Tests/ImplV2Tests/Examples",
        "Tests/DefaultIsolationTests/Examples", "\(server)/Sources/Orders", "\(server)/Tests/OrdersTests",
    ]
    /// The example server, a package of its own (`.ci/run` builds and tests it).
    static let server = "Examples/OrdersServer"

    /// Each example file, and the documents that quote every example it holds. The file's own
    /// tests run the examples.
    static let quotedBy: KeyValuePairs<String, [String]> = [
        "Tests/ContainerTests/Examples/AsynchronousSetUpExample.swift": ["\(catalog)/AsynchronousSetUp.md"],
        "Tests/ContainerTests/Examples/BindingsExample.swift": ["\(catalog)/Bindings.md"],
        "Tests/ContainerTests/Examples/GettingStartedExample.swift": ["\(catalog)/GettingStarted.md"],
        "Tests/ContainerTests/Examples/MultibindingsAndDecoratorsExample.swift": [
            "\(catalog)/MultibindingsAndDecorators.md"
        ],
        "Tests/ContainerTests/Examples/NamedCollectionsExample.swift": [
            "\(catalog)/MultibindingsAndDecorators.md", "\(catalog)/GettingStarted.md",
        ],
        "Tests/ContainerTests/Examples/RecipesExample.swift": ["\(catalog)/Recipes.md"],
        "Tests/ContainerTests/Examples/ScopeResetExample.swift": [
            "\(catalog)/ScopesAndLifetimes.md", "\(catalog)/GettingStarted.md",
        ],
        "Tests/ContainerTests/Examples/SwinjectMigrationExample.swift": ["\(catalog)/MigratingFromSwinject.md"],
        "Tests/ContainerTests/Examples/TestingArticleExample.swift": ["\(catalog)/Testing.md"],
        "Tests/ContainerTests/Examples/ValidationAndIntrospectionExample.swift": [
            "\(catalog)/ValidationAndIntrospection.md"
        ],
        "Tests/ContainerTests/Examples/VersionsExample.swift": ["\(catalog)/Versions.md"],
        "Tests/ContainerTests/Examples/VersionsSnippetsExample.swift": ["\(catalog)/Versions.md"],
        "Tests/ContainerTestingTests/Examples/TestingExample.swift": [
            "\(catalog)/GettingStarted.md", "\(catalog)/Testing.md",
        ],
        "Tests/ContainerTestingTests/Examples/TestingTraitExample.swift": ["\(catalog)/Testing.md"],
        "Tests/ImplV2Tests/Examples/MixedGenerationsExample.swift": ["README.md"],
        "Tests/DefaultIsolationTests/Examples/DefaultIsolationExample.swift": [
            "\(catalog)/DefaultMainActorIsolation.md"
        ],
        "\(server)/Sources/Orders/StoreModule.swift": ["\(catalog)/Servers.md"],
        "\(server)/Sources/Orders/OrdersModule.swift": ["\(catalog)/Servers.md"],
        "\(server)/Sources/Orders/InjectorService.swift": ["\(catalog)/Servers.md"],
        "\(server)/Sources/Orders/ServerCommand+Serve.swift": ["\(catalog)/Servers.md"],
        "\(server)/Sources/Orders/OrdersApplication+RequestHandler.swift": ["\(catalog)/Servers.md"],
        "\(server)/Tests/OrdersTests/TestComposition.swift": ["\(catalog)/Servers.md"],
        "\(server)/Tests/OrdersTests/RouteTests.swift": ["\(catalog)/Servers.md"],
        "\(server)/Tests/OrdersTests/CompositionTests.swift": ["\(catalog)/Servers.md"],
    ]

    /// The README, the changelog, the benchmarks' and the command line's READMEs, and every article.
    static func documents() throws -> [String] {
        try ["README.md", "CHANGELOG.md", "Benchmarks/README.md", "Sources/App/README.md"]
            + repositoryFiles(in: catalog, endingIn: ".md")
    }

    /// The compiled examples, each as the documents quote it.
    static func compiledExamples() throws -> Set<String> {
        var examples: Set<String> = []
        for folder in exampleFolders {
            for file in try repositoryFiles(in: folder, endingIn: ".swift") {
                examples.formUnion(try exampleTexts(inFile: file))
            }
        }
        // The README shows QuickStart without its first line, a comment that points back to it.
        let quickStart = try repositoryText("Examples/QuickStart/main.swift")
        examples.insert(String(quickStart.drop { $0 != "\n" }.dropFirst()))
        return examples
    }

    /// The body of each fenced Swift block of `text`, its last line break included.
    static func swiftBlocks(of text: String) -> [String] {
        text.components(separatedBy: "```swift\n").dropFirst().map { $0.components(separatedBy: "```")[0] }
    }

    @Test("Every Swift block of the README and the DocC catalog is a compiled example, quoted byte for byte")
    func everyBlockIsCompiled() throws {
        let examples = try Self.compiledExamples()
        var blocks = 0
        for document in try Self.documents() {
            for block in Self.swiftBlocks(of: try repositoryText(document))
            where !block.hasPrefix("// Package.swift\n") {
                blocks += 1
                #expect(examples.contains(block), "\(document) shows a block no test compiles:\n\(block)")
            }
        }
        #expect(blocks > 20)
    }

    @Test("Each example is quoted byte for byte by the documents it was written for", arguments: quotedBy)
    func quoted(_ file: String, _ documents: [String]) throws {
        let examples = try exampleTexts(inFile: file)
        #expect(!examples.isEmpty, "\(file) has no example between markers")
        for document in documents {
            let text = try repositoryText(document)
            for example in examples {
                #expect(
                    text.contains("```swift\n\(example)```"),
                    "\(document) does not quote this example of \(file):\n\(example)")
            }
        }
    }

    @Test("Every file that holds examples says where they are quoted")
    func everyExampleFileIsQuoted() throws {
        let listed = Set(Self.quotedBy.map(\.key))
        for folder in Self.exampleFolders {
            for file in try repositoryFiles(in: folder, endingIn: ".swift")
            where !(try exampleTexts(inFile: file).isEmpty) {
                #expect(listed.contains(file), "\(file) holds examples that no document is said to quote")
            }
        }
    }

    @Test("Every article of the catalog is in the topics of its front page")
    func articlesAreInTheTopics() throws {
        let topics = try repositoryText("\(Self.catalog)/Container.md")
        for article in try repositoryFiles(in: Self.catalog, endingIn: ".md") where !article.hasSuffix("/Container.md")
        {
            let name = String(article.dropFirst(Self.catalog.count + 1).dropLast(".md".count))
            #expect(topics.contains("- <doc:\(name)>"), "\(name) is not in Container.md's topics")
        }
    }

    @Test("Every relative link of the Markdown documents leads to a file of the repository")
    func linksLead() throws {
        var links = 0
        for document in try Self.documents() where !document.hasPrefix(Self.catalog) {
            let folder = repositoryRoot.appendingPathComponent(document).deletingLastPathComponent()
            for part in try repositoryText(document).components(separatedBy: "](").dropFirst() {
                let target = String(part.prefix { $0 != ")" && $0 != "#" })
                guard !target.isEmpty, !target.contains("://") else { continue }
                links += 1
                let path = folder.appendingPathComponent(target).standardizedFileURL.path
                #expect(FileManager.default.fileExists(atPath: path), "\(document) links \(target), which is not there")
            }
        }
        #expect(links > 10)
    }
}
