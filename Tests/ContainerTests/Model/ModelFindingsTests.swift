import Container
import Synchronization
import Testing

// The smallest graphs the model-based test shrank its disagreements with the container to,
// written by hand, so each stays fixed.

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
    init(cache: Cache, login: Lazy<Login>) {
        self.cache = cache
        self.login = login
    }
}
private final class Feed: Sendable {
    let session: Lazy<Session>
    let app: App
    init(session: Lazy<Session>, app: App) {
        self.session = session
        self.app = app
    }
}
private final class Page: Sendable {
    let feed: Feed
    init(feed: Feed) { self.feed = feed }
}
private final class App: Sendable {
    let page: Lazy<Page>
    init(page: Lazy<Page>) { self.page = page }
}

private final class Badge: Sendable {
    init() {}
    init(inbox: Inbox) {}
}
private final class Inbox: Sendable {
    let session: Session
    let badge: Lazy<Badge>
    init(session: Session, badge: Lazy<Badge>) {
        self.session = session
        self.badge = badge
    }
}

@Suite("Model-based test findings")
struct ModelFindingsTests {
    @Test("A grandchild shares its parent's singleton that does not depend on what the grandchild overrides")
    func grandchildSharesWhatItDoesNotChange() throws {
        let root = try Injector(modules: [
            TestModule { binder in
                binder.bind(Ticker.self) { Ticker() }
                binder.bind(Report.self) { (_: Ticker) in Report() }
            }
        ])
        // The child's Report needs no Ticker, so the grandchild's Ticker cannot change it.
        let child = try root.child { binder in binder.bind(Report.self) { Report() }.scope(.singleton) }
        let grandchild = try child.child { binder in binder.bind(Ticker.self) { Ticker() } }
        let shared = try child.resolve(Report.self)
        let seen = try grandchild.resolve(Report.self)
        #expect(shared === seen)
    }

    @Test("A session-scoped instance holding a cache-scoped one through a transient is a captive dependency")
    func captiveThroughTransientWithTwoResettableScopes() {
        let error = #expect(throws: ValidationError.self) {
            _ = try Injector(modules: [
                TestModule { binder in
                    binder.bind(Cache.self) { Cache() }.scope(.resettable("cache"))
                    binder.bind(Holder.self, to: Holder.init)
                    binder.bind(Login.self, to: Login.init).scope(.session)
                }
            ])
        }
        #expect(error?.problems.map(\.kind) == [.captiveDependency])
    }

    @Test("A singleton holding a session through transients on a loop of lazy values is a captive dependency")
    func captiveThroughTransientLoop() {
        let error = #expect(throws: ValidationError.self) {
            _ = try Injector(modules: [
                TestModule { binder in
                    binder.bind(Feed.self, to: Feed.init)
                    binder.bind(Session.self) { Session(serial: 1) }.scope(.session)
                    binder.bind(Page.self, to: Page.init)
                    binder.bind(App.self, to: App.init).scope(.singleton)
                }
            ])
        }
        #expect(error?.problems.map(\.kind) == [.captiveDependency])
    }

    @Test("A child of a strict child refuses the live-only binding the strict child refuses")
    func refusalReachesGrandchildren() throws {
        let root = try Injector(modules: [
            TestModule { binder in
                binder.bind(Ticker.self) { Ticker() }
                binder.bind(Network.self) { (_: Provider<Ticker>) in Network() }.liveOnly()
            }
        ])
        let strict = try root.child(strict: true) { _ in }
        let unrelated = try strict.child { binder in binder.bind(Report.self) { Report() } }
        #expect(throws: ResolutionError.self) { try strict.resolve(Network.self) }
        #expect(throws: ResolutionError.self) { try unrelated.resolve(Network.self) }
        let overridingTicker = try strict.child { binder in binder.bind(Ticker.self) { Ticker() } }
        #expect(throws: ResolutionError.self) { try overridingTicker.resolve(Network.self) }
    }

    @Test("An invalid selected version is a validation problem even when nothing is versioned")
    func invalidSelectionIsReported() {
        #expect(throws: ValidationError.self) {
            _ = try Injector(
                modules: [TestModule { binder in binder.bind(Ticker.self) { Ticker() } }],
                versions: VersionSelection(default: "x1"))
        }
        #expect(throws: ValidationError.self) {
            _ = try Injector(
                modules: [TestModule { binder in binder.bind(Ticker.self) { Ticker() } }],
                versions: VersionSelection(default: "v1", overrides: [.of(Ticker.self): "2"]))
        }
    }

    @Test("A decorator of a type nothing binds is reported even when the selected version is malformed")
    func decoratorCheckedWhateverTheSelection() {
        let error = #expect(throws: ValidationError.self) {
            _ = try Injector(
                modules: [
                    TestModule { binder in
                        binder.decorate(Report.self) { (inner: Report) in inner }
                    }
                ], versions: VersionSelection(default: "v"))
        }
        #expect(
            error?.problems.map(\.kind).sorted { $0.rawValue < $1.rawValue } == [.decoratesUnbound, .invalidVersion])
    }

    @Test("A child's singleton on a loop through a lazy value, holding a session, is a captive dependency")
    func captiveOnLoopInChild() throws {
        let root = try Injector(modules: [
            TestModule { binder in
                binder.bind(Badge.self) { Badge() }
                binder.bind(Inbox.self, to: Inbox.init)
                binder.bind(Session.self) { Session(serial: 1) }.scope(.session)
            }
        ])
        // At the root the same graph was reported; a child checked only what its bindings touch.
        let error = #expect(throws: ValidationError.self) {
            _ = try root.child { binder in
                binder.bind(Badge.self) { (inbox: Inbox) in Badge(inbox: inbox) }.scope(.singleton)
            }
        }
        #expect(error?.problems.map(\.kind) == [.captiveDependency])
    }
}

private final class Detail: Sendable {
    let id: Int
    let makeRelated: Factory<Int, Detail>
    init(id: Int, makeRelated: Factory<Int, Detail>) {
        self.id = id
        self.makeRelated = makeRelated
    }
}

@Suite("Model-based test findings: run-time arguments")
struct ModelArgumentFindingsTests {
    @Test(
        "A binding with arguments that injects a Factory of itself builds, as one injecting a Provider of itself does")
    func factoryOfItselfIsNoCycle() throws {
        let injector = try Injector(modules: [
            TestModule { binder in
                binder.bind(Detail.self, arguments: Int.self) { (id: Int, makeRelated: Factory<Int, Detail>) in
                    Detail(id: id, makeRelated: makeRelated)
                }
            }
        ])
        // DocC "Bindings and Resolving": the Factory is called later, so building one is no loop
        // (validation agrees: it reports no cycle).
        let detail = try injector.resolve(Detail.self, arguments: 1)
        #expect(detail.id == 1)
        #expect(try detail.makeRelated(2).id == 2)
    }
}

private protocol Sink: Sendable {}
private final class ConsoleSink: Sink {
    init(ticker: Ticker) {}
}

@Suite("Model-based test findings: multibindings")
struct ModelListFindingsTests {
    @Test("A child that withdraws an eager item and rebinds its dependency does not build the item")
    func withdrawnEagerItemIsNotBuilt() throws {
        let builds = Mutex(0)
        let root = try Injector(modules: [
            TestModule { binder in
                binder.bind(Ticker.self) { Ticker() }
                binder.contribute((any Sink).self, id: "console") { (ticker: Ticker) -> any Sink in
                    builds.withLock { $0 += 1 }
                    return ConsoleSink(ticker: ticker)
                }.scope(.eagerSingleton)
            }
        ])
        #expect(builds.withLock { $0 } == 1)
        let child = try root.child { binder in
            binder.bind(Ticker.self) { Ticker() }
            binder.withdraw((any Sink).self, id: "console")
        }
        #expect(try child.resolve([any Sink].self).isEmpty)
        // DocC "Multibindings and Decorators": the child withdraws the item, so nothing in it can use the
        // item, and it builds no copy of its own though the item needs the Ticker it rebinds.
        #expect(builds.withLock { $0 } == 1)
    }

    @Test("A child that withdraws an item is not refused for that item's captive dependency")
    func withdrawnItemIsNotValidated() throws {
        let root = try Injector(modules: [
            TestModule { binder in
                binder.bind(Ticker.self) { Ticker() }
                binder.contribute((any Sink).self, id: "console") { (ticker: Ticker) -> any Sink in
                    ConsoleSink(ticker: ticker)
                }.scope(.singleton)
            }
        ])
        // The singleton item would hold a session-scoped Ticker in the child, but the child
        // withdraws it, so there is nothing captive.
        let child = try root.child { binder in
            binder.bind(Ticker.self) { Ticker() }.scope(.session)
            binder.withdraw((any Sink).self, id: "console")
        }
        #expect(try child.resolve([any Sink].self).isEmpty)
    }
}
