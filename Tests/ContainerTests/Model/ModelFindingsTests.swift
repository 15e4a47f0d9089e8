import Container
import Testing

// The smallest graphs the model-based test shrank its disagreements to, written by hand. Each
// is a known issue until the container is fixed; `withKnownIssue` then fails, asking for the
// wrapper (and the matching case of `KnownIssue`) to go.

private final class Ticker: Sendable { init() {} }
private final class Network: Sendable { init() {} }
private final class Report: Sendable { init() {} }
private final class Cache: Sendable { init() {} }
private final class Login: Sendable {
    let holder: Holder
    init(holder: Holder) { self.holder = holder }
}
private final class Holder: Sendable {
    let cache: Cache
    let login: Lazy<Login>
    init(cache: Cache, login: Lazy<Login>) { self.cache = cache; self.login = login }
}
private final class Feed: Sendable {
    let session: Lazy<Session>
    let app: App
    init(session: Lazy<Session>, app: App) { self.session = session; self.app = app }
}
private final class Page: Sendable {
    let feed: Feed
    init(feed: Feed) { self.feed = feed }
}
private final class App: Sendable {
    let page: Lazy<Page>
    init(page: Lazy<Page>) { self.page = page }
}

@Suite("Model-based test findings")
struct ModelFindingsTests {
    @Test("A grandchild shares its parent's singleton that does not depend on what the grandchild overrides")
    func grandchildSharesWhatItDoesNotChange() throws {
        let root = try Injector(modules: [TestModule { binder in
            binder.bind(Ticker.self) { Ticker() }
            binder.bind(Report.self) { (_: Ticker) in Report() }
        }])
        // The child's Report needs no Ticker, so the grandchild's Ticker cannot change it.
        let child = try root.child { binder in binder.bind(Report.self) { Report() }.scope(.singleton) }
        let grandchild = try child.child { binder in binder.bind(Ticker.self) { Ticker() } }
        let shared = try child.resolve(Report.self)
        let seen = try grandchild.resolve(Report.self)
        withKnownIssue("the grandchild judges by the edges of the root's shadowed Report binding") {
            #expect(shared === seen)
        }
    }

    @Test("A session-scoped instance holding a cache-scoped one through a transient is a captive dependency")
    func captiveThroughTransientWithTwoResettableScopes() {
        withKnownIssue("the captive check keeps one held scope per transient binding") {
            let error = #expect(throws: ValidationError.self) {
                _ = try Injector(modules: [TestModule { binder in
                    binder.bind(Cache.self) { Cache() }.scope(.resettable("cache"))
                    binder.bind(Holder.self, to: Holder.init)
                    binder.bind(Login.self, to: Login.init).scope(.session)
                }])
            }
            #expect(error?.problems.map(\.kind) == [.captiveDependency])
        }
    }

    @Test("A singleton holding a session through transients on a loop of lazy values is a captive dependency")
    func captiveThroughTransientLoop() {
        withKnownIssue("the captive check reads a transient's held scope before it is worked out") {
            let error = #expect(throws: ValidationError.self) {
                _ = try Injector(modules: [TestModule { binder in
                    binder.bind(Feed.self, to: Feed.init)
                    binder.bind(Session.self) { Session(serial: 1) }.scope(.session)
                    binder.bind(Page.self, to: Page.init)
                    binder.bind(App.self, to: App.init).scope(.singleton)
                }])
            }
            #expect(error?.problems.map(\.kind) == [.captiveDependency])
        }
    }

    @Test("A child of a strict child refuses the live-only binding the strict child refuses")
    func refusalReachesGrandchildren() throws {
        let root = try Injector(modules: [TestModule { binder in
            binder.bind(Ticker.self) { Ticker() }
            binder.bind(Network.self) { (_: Provider<Ticker>) in Network() }.liveOnly()
        }])
        let strict = try root.child(strict: true) { _ in }
        let unrelated = try strict.child { binder in binder.bind(Report.self) { Report() } }
        #expect(throws: ResolutionError.self) { try strict.resolve(Network.self) }
        #expect(throws: ResolutionError.self) { try unrelated.resolve(Network.self) }
        let overridingClock = try strict.child { binder in binder.bind(Ticker.self) { Ticker() } }
        withKnownIssue("a grandchild that overrides a dependency of the live-only binding builds it") {
            #expect(throws: ResolutionError.self) { try overridingClock.resolve(Network.self) }
        }
    }

    @Test("An invalid selected version is a validation problem even when nothing is versioned")
    func invalidSelectionIsReported() {
        withKnownIssue("the selected version is checked only when a versioned binding is chosen with it") {
            #expect(throws: ValidationError.self) {
                _ = try Injector(modules: [TestModule { binder in binder.bind(Ticker.self) { Ticker() } }],
                                 versions: VersionSelection(default: "x1"))
            }
            #expect(throws: ValidationError.self) {
                _ = try Injector(modules: [TestModule { binder in binder.bind(Ticker.self) { Ticker() } }],
                                 versions: VersionSelection(default: "v1", overrides: [.of(Ticker.self): "2"]))
            }
        }
    }
}
