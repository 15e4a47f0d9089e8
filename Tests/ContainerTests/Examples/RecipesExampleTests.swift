import Container
import Foundation
import Synchronization
import Testing

/// Keeps the examples of the DocC article "Recipes" true: the article quotes the compiled file,
/// and the examples behave as their comments say.
@Suite("Recipes examples")
struct RecipesExampleTests {
    @Test("Signing out gives the next user a new inbox; the action alone resets the session scope")
    func signingOut() throws {
        let injector = try Injector(modules: [AccountModule()])
        let folder = try injector.resolve(MailFolder.self)
        #expect(try injector.resolve(MailFolder.self) === folder)
        try injector.resolve(SignOutAction.self)()
        #expect(try injector.resolve(MailFolder.self) !== folder)
        #expect(scopesResetBySigningOut() == [.session])
    }

    @Test("The retrying decorator wraps a test's flaky downloader too, and tries three times")
    func retries() throws {
        let flaky = FlakyDownloader(failures: 2)
        let test = try Injector(modules: [DownloadsModule()]).child(strict: true) { binder in
            binder.bind(Downloader.self, toInstance: flaky)
        }
        #expect(try test.resolve(Downloader.self).download("/report") == "body of /report")
        #expect(flaky.attempts == 3)

        let broken = FlakyDownloader(failures: 3)
        let failing = try Injector(modules: [DownloadsModule()]).child(strict: true) { binder in
            binder.bind(Downloader.self, toInstance: broken)
        }
        #expect(throws: URLError.self) { try failing.resolve(Downloader.self).download("/report") }
        #expect(broken.attempts == 3)
    }

    @Test("Plug-ins fill the menu by position, then id; none gives an empty menu")
    func plugins() throws {
        #expect(try menu(plugins: [PDFPlugin(), CSVPlugin()]) == ["csv", "pdf"])
        #expect(try menu(plugins: [CSVPlugin(), PDFPlugin()]) == ["csv", "pdf"])
        #expect(try menu(plugins: [PDFPlugin()]) == ["pdf"])
        #expect(try menu(plugins: []) == [])
    }

    @Test("Each request has its own context and handler, over the server's one pool")
    func requests() throws {
        let server = OrderServer(injector: try Injector(modules: [ServerModule()]))
        #expect(try server.handle(requestID: "r1", user: "ada") == "orders of ada (r1)")
        #expect(try server.handle(requestID: "r2", user: "alan") == "orders of alan (r2)")

        let first = try server.injector.child(modules: [
            RequestModule(context: RequestContext(requestID: "r3", user: "ada"))
        ])
        let second = try server.injector.child(modules: [
            RequestModule(context: RequestContext(requestID: "r4", user: "ada"))
        ])
        let handler = try first.resolve(OrderHandler.self)
        #expect(try first.resolve(OrderHandler.self) === handler)
        #expect(try second.resolve(OrderHandler.self) !== handler)
        #expect(try second.resolve(OrderHandler.self).pool === handler.pool)
        #expect(handler.pool === (try server.injector.resolve(ConnectionPool.self)))
    }

    @Test("Without the BETA condition, the build default is v1 and the production host")
    func buildSettings() throws {
        let injector = try searchInjector()
        #expect(try injector.resolve(SearchEngine.self).generation == "v1")
        #expect(try injector.resolve(APIHost.self).name == "api.example.com")
        #expect(injector.explain(SearchEngine.self).description.contains("build default"))
    }
}

/// A downloader that fails its first `failures` attempts.
final class FlakyDownloader: Downloader {
    private let failures: Int
    private let count = Mutex(0)
    init(failures: Int) { self.failures = failures }
    var attempts: Int { count.withLock { $0 } }
    func download(_ path: String) throws -> String {
        let attempt = count.withLock {
            $0 += 1
            return $0
        }
        if attempt <= failures { throw URLError(.timedOut) }
        return "body of \(path)"
    }
}
