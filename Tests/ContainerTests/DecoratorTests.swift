import Container
import Synchronization
import Testing

private protocol Greeter: Sendable { func greet() -> String }

private final class PlainGreeter: Greeter {
    let serial: Int
    init(serial: Int) { self.serial = serial }
    func greet() -> String { "hello" }
}

/// Wraps a greeter and says how, so a test reads the stacking order from one string.
private final class Wrapping: Greeter {
    let inner: any Greeter
    let mark: String
    init(_ inner: any Greeter, _ mark: String) {
        self.inner = inner
        self.mark = mark
    }
    func greet() -> String { "\(mark)(\(inner.greet()))" }
}

private final class Calls: Sendable {
    private let log = Mutex<[String]>([])
    func record(_ call: String) { log.withLock { $0.append(call) } }
    var all: [String] { log.withLock { $0 } }
}

private final class Audit: Sendable {
    let greeter: any Greeter
    init(greeter: any Greeter) { self.greeter = greeter }
}

@Suite("Decorators")
struct DecoratorTests {
    @Test("A value bound toInstance with an eager scope is decorated on its first resolve, once, not at start-up")
    func eagerInstanceDecoratedOnFirstUse() throws {
        let decorations = Counter()
        let injector = try makeInjector { binder in
            binder.bind(Clock.self, toInstance: FixedClock(now: 1)).scope(.eagerSingleton)
            binder.decorate(Clock.self) { (inner: any Clock) in
                decorations.next()
                return inner
            }
        }
        #expect(decorations.value == 0)
        #expect(injector.startUpProfile.entries.isEmpty)
        #expect(try injector.resolve(Clock.self).now == 1)
        #expect(try injector.resolve(Clock.self).now == 1)
        #expect(decorations.value == 1)
    }

    @Test("Decorators stack in declaration order, the first innermost, and see their dependencies")
    func order() throws {
        let injector = try makeInjector { binder in
            binder.bind(String.self, toInstance: "metrics")
            binder.decorate(Greeter.self) { (inner: any Greeter) in Wrapping(inner, "log") }
            binder.bind(Greeter.self) { PlainGreeter(serial: 1) }
            binder.decorate(Greeter.self) { (inner: any Greeter, mark: String) in Wrapping(inner, mark) }
        }
        #expect(try injector.resolve(Greeter.self).greet() == "metrics(log(hello))")
    }

    @Test(
        "The decorated instance takes the binding's scope: a caching scope decorates once",
        arguments: [Scope.transient, .singleton, .eagerSingleton, .weak, .session])
    func scopes(scope: Scope) throws {
        let counter = Counter()
        let injector = try makeInjector { binder in
            binder.bind(Greeter.self) { PlainGreeter(serial: counter.next()) }.scope(scope)
            binder.decorate(Greeter.self) { (inner: any Greeter) in Wrapping(inner, "log") }
        }
        let first = try injector.resolve(Greeter.self)
        let second = try injector.resolve(Greeter.self)
        #expect(first.greet() == "log(hello)")
        #expect((first as AnyObject === second as AnyObject) == (scope != .transient))
        #expect(counter.value == (scope == .transient ? 2 : 1))
    }

    @Test("A value bound with toInstance is decorated once")
    func instance() throws {
        let injector = try makeInjector { binder in
            binder.bind(Greeter.self, toInstance: PlainGreeter(serial: 1))
            binder.decorate(Greeter.self) { (inner: any Greeter) in Wrapping(inner, "log") }
        }
        #expect(try injector.resolve(Greeter.self) as AnyObject === injector.resolve(Greeter.self) as AnyObject)
    }

    @Test("Types forwarded with implements see the decorated instance")
    func forwarded() throws {
        let injector = try makeInjector { binder in
            binder.bind(Greeter.self) { PlainGreeter(serial: 1) }.scope(.singleton)
                .implements((any Sendable).self) { $0 }
            binder.decorate(Greeter.self) { (inner: any Greeter) in Wrapping(inner, "log") }
        }
        let forwarded = try injector.resolve((any Sendable).self)
        #expect((forwarded as? any Greeter)?.greet() == "log(hello)")
        #expect(try forwarded as AnyObject === injector.resolve(Greeter.self) as AnyObject)
    }

    @Test("An argument binding's products are decorated, once per argument value when scoped")
    func arguments() throws {
        let injector = try makeInjector { binder in
            binder.bind(Greeter.self, arguments: Int.self) { (serial: Int) in PlainGreeter(serial: serial) }.scope(
                .singleton)
            binder.decorate(Greeter.self) { (inner: any Greeter) in Wrapping(inner, "log") }
        }
        let one = try injector.resolve(Greeter.self, arguments: 1)
        #expect(one.greet() == "log(hello)")
        #expect(try injector.resolve(Greeter.self, arguments: 1) as AnyObject === one as AnyObject)
    }

    @Test(
        "Versioned decorators with one id: the selected version, else the highest below; without an id each stands alone"
    )
    func versions() throws {
        func greeting(_ version: String) throws -> String {
            try makeInjector(versions: VersionSelection(default: version)) { binder in
                binder.bind(Greeter.self) { PlainGreeter(serial: 1) }
                binder.decorate(Greeter.self) { (inner: any Greeter) in Wrapping(inner, "log1") }.id("log").version(
                    "v1")
                binder.decorate(Greeter.self) { (inner: any Greeter) in Wrapping(inner, "log2") }.id("log").version(
                    "v2")
                binder.decorate(Greeter.self) { (inner: any Greeter) in Wrapping(inner, "new") }.version("v3")
                binder.decorate(Greeter.self) { (inner: any Greeter) in Wrapping(inner, "always") }
            }.resolve(Greeter.self).greet()
        }
        #expect(try greeting("v1") == "always(log1(hello))")
        #expect(try greeting("v2") == "always(log2(hello))")
        #expect(try greeting("v3") == "always(new(log2(hello)))")
    }

    @Test("A child adds a spy around the parent's service: its dependants see it, the parent does not change")
    func childSpy() throws {
        let calls = Calls()
        let parent = try makeInjector { binder in
            binder.bind(Greeter.self) { PlainGreeter(serial: 1) }.scope(.singleton)
            binder.bind(Audit.self, to: Audit.init).scope(.singleton)
        }
        let child = try parent.child { binder in
            binder.decorate(Greeter.self) { (inner: any Greeter) in
                calls.record("spied")
                return Wrapping(inner, "spy")
            }
        }
        #expect(try child.resolve(Audit.self).greeter.greet() == "spy(hello)")
        #expect(try parent.resolve(Audit.self).greeter.greet() == "hello")
        #expect(try child.resolve(Greeter.self) as AnyObject === child.resolve(Audit.self).greeter as AnyObject)
        #expect(calls.all == ["spied"])
        #expect(!child.graph.nodes.contains { $0.isOverridden })
    }

    @Test("A parent's decorators wrap a child's own binding of the type too, inside the child's decorators")
    func parentDecoratorsWrapChildOverride() throws {
        let parent = try makeInjector { binder in
            binder.bind(Greeter.self) { PlainGreeter(serial: 1) }
            binder.decorate(Greeter.self) { (inner: any Greeter) in Wrapping(inner, "signed") }
        }
        let child = try parent.child { binder in
            binder.bind(Greeter.self) { PlainGreeter(serial: 2) }
            binder.decorate(Greeter.self) { (inner: any Greeter) in Wrapping(inner, "spy") }
        }
        #expect(try child.resolve(Greeter.self).greet() == "spy(signed(hello))")
        #expect(try parent.resolve(Greeter.self).greet() == "signed(hello)")
    }

    @Test("With a malformed selected version, unversioned decorators still apply and are checked")
    func malformedSelection() throws {
        let found = try problems(versions: VersionSelection(default: "v")) { binder in
            binder.decorate(Greeter.self) { (inner: any Greeter) in Wrapping(inner, "log") }
        }
        #expect(found.map(\.kind) == [.invalidVersion, .decoratesUnbound])
    }

    @Test("A strict child that only decorates a live-only binding still refuses it")
    func strictChild() throws {
        let parent = try makeInjector { binder in
            binder.bind(Greeter.self) { PlainGreeter(serial: 1) }.liveOnly()
        }
        let strict = try parent.child(strict: true) { binder in
            binder.decorate(Greeter.self) { (inner: any Greeter) in Wrapping(inner, "spy") }
        }
        let error = try #require(throws: ResolutionError.self) { try strict.resolve(Greeter.self) }
        guard case .liveOnly = error.reason else {
            Issue.record("expected a live-only refusal, got \(error)")
            return
        }
    }

    @Test("Validation: a decorator of an unbound type, a missing dependency, one needing what it decorates, a captive")
    func validation() throws {
        let unbound = try problems { binder in
            binder.decorate(Greeter.self) { (inner: any Greeter) in Wrapping(inner, "log") }
        }
        #expect(unbound.map(\.kind) == [.decoratesUnbound])
        #expect(unbound.first?.message == "decorator of Greeter, which nothing binds")
        let missing = try problems { binder in
            binder.bind(Greeter.self) { PlainGreeter(serial: 1) }
            binder.decorate(Greeter.self) { (inner: any Greeter, mark: String) in Wrapping(inner, mark) }
        }
        #expect(missing.map(\.message) == ["no binding for String"])
        let loop = try problems { binder in
            binder.bind(Greeter.self) { PlainGreeter(serial: 1) }
            binder.decorate(Greeter.self) { (inner: any Greeter, again: any Greeter) in Wrapping(inner, again.greet()) }
        }
        #expect(loop.map(\.message) == ["dependency cycle: Greeter -> Greeter"])
        let captive = try problems { binder in
            binder.bind(Greeter.self) { PlainGreeter(serial: 1) }.scope(.singleton)
            binder.bind(String.self) { "session" }.scope(.session)
            binder.decorate(Greeter.self) { (inner: any Greeter, mark: String) in Wrapping(inner, mark) }
        }
        #expect(
            captive.map(\.message) == [
                "captive dependency: singleton Greeter holds session-scoped String, which would outlive its scope"
            ])
    }

    @Test("Decorators of two types that print the same name, with the same id, are chosen apart")
    func sameNameDifferentTypes() throws {
        // `First.Store` and `Second.Store` both print as "Store": each keeps its own decorator.
        let injector = try makeInjector { binder in
            binder.bind(First.Store.self) { First.Plain() }
            binder.bind(Second.Store.self) { Second.Plain() }
            binder.decorate(First.Store.self) { (inner: any First.Store) in First.Logged(inner) }.id("logging")
            binder.decorate(Second.Store.self) { (inner: any Second.Store) in Second.Logged(inner) }.id("logging")
        }
        #expect(try injector.resolve(First.Store.self) is First.Logged)
        #expect(try injector.resolve(Second.Store.self) is Second.Logged)
    }

    @Test("The graph and explain show the chain of decorators")
    func introspection() throws {
        let injector = try makeInjector(versions: VersionSelection(default: "v2")) { binder in
            binder.bind(Greeter.self) { PlainGreeter(serial: 1) }.version("v2")
            binder.decorate(Greeter.self) { (inner: any Greeter) in Wrapping(inner, "log") }.id("logging")
            binder.decorate(Greeter.self) { (inner: any Greeter) in Wrapping(inner, "metrics") }.id("metrics").version(
                "v2")
        }
        let node = try #require(injector.graph.nodes.first)
        #expect(
            node.decorators.map(\.description) == [
                "logging (\(node.site.fileID):\(node.site.line + 1))",
                "metrics (v2, \(node.site.fileID):\(node.site.line + 2))",
            ])
        #expect(node.decorators.map(\.id) == ["logging", "metrics"])
        #expect(node.decorators.map(\.version) == [nil, "v2"])
        #expect(node.decorators.map(\.site.line) == [node.site.line + 1, node.site.line + 2])
        #expect(
            injector.explain(Greeter.self).description.contains(
                "decorated: Greeter v2 <- logging (\(node.site.fileID):\(node.site.line + 1)) <- metrics (v2, \(node.site.fileID):\(node.site.line + 2)), the last outermost"
            ))
        #expect(injector.graph.rendered(as: .text).contains("decorated by logging"))
    }
}

private enum First {
    protocol Store: Sendable {}
    final class Plain: Store {}
    final class Logged: Store {
        let inner: any Store
        init(_ inner: any Store) { self.inner = inner }
    }
}

private enum Second {
    protocol Store: Sendable {}
    final class Plain: Store {}
    final class Logged: Store {
        let inner: any Store
        init(_ inner: any Store) { self.inner = inner }
    }
}
