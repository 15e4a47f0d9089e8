import Container
import Foundation
import Testing

/// Keeps the examples of the DocC article "Testing" true: the article quotes the compiled file,
/// and the examples behave as their comments say.
@Suite("Testing article examples")
struct TestingArticleExampleTests {
    @Test("The child builds its own newsletter around the fake; the app's stays untouched")
    func childBuildsItsOwn() throws {
        let app = try Injector(modules: [NewsletterModule()])
        let outbox = Outbox()
        let test = try app.child(strict: true) { binder in
            binder.bind(MailServer.self, toInstance: outbox)
        }
        let newsletter = try test.resolve(Newsletter.self)
        #expect(try test.resolve(Newsletter.self) === newsletter)
        #expect(try app.resolve(Newsletter.self) !== newsletter)
    }

    @Test("A forgotten fake names the live-only binding and who needed it")
    func forgottenFakeSaysWhy() throws {
        let test = try Injector(modules: [NewsletterModule()]).child(strict: true) { _ in }
        let error = try #require(throws: ResolutionError.self) { try test.resolve(Newsletter.self) }
        #expect(error.description.contains("strict test injector refused live-only binding MailServer"))
        #expect(error.description.contains("Newsletter"))
    }

    @Test("A recorded graph shows no change; one recorded before a scope changed shows that change")
    func snapshotDiff() throws {
        let approved = FileManager.default.temporaryDirectory.appendingPathComponent("graph-\(UUID()).json")
        defer { try? FileManager.default.removeItem(at: approved) }
        try recordGraph(approved)
        #expect(try changesSinceReview(approved) == [])

        let before = Injector.graph(modules: [TransientNewsletterModule()]).snapshot
        try JSONEncoder().encode(before).write(to: approved)
        #expect(try changesSinceReview(approved) == ["~ Newsletter: scope transient -> singleton (lives longer)"])
    }
}
