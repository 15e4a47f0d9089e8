import Container
import Testing

private protocol Sink: Sendable { var name: String { get } }

private final class NamedSink: Sink {
    let name: String
    let serial: Int
    init(_ name: String, serial: Int = 0) {
        self.name = name
        self.serial = serial
    }
}

private final class Analytics: Sendable {
    let sinks: [any Sink]
    init(sinks: [any Sink]) { self.sinks = sinks }
    var names: [String] { sinks.map(\.name) }
}

private final class Router: Sendable {
    let handlers: [String: any Sink]
    init(handlers: [String: any Sink]) { self.handlers = handlers }
}

private struct CoreSinks: Module {
    func configure(_ binder: Binder) {
        binder.contribute(Sink.self, id: "console") { NamedSink("console") }
        binder.contribute(Sink.self, id: "file", position: -1) { NamedSink("file") }
    }
}

private struct MoreSinks: Module {
    func configure(_ binder: Binder) {
        binder.contribute(Sink.self, id: "audit") { NamedSink("audit") }
        binder.bind(Analytics.self, to: Analytics.init)
    }
}

@Suite("Multibindings")
struct MultibindingTests {
    @Test(
        "Modules contribute to a list that consumers inject; it is ordered by position, then id, whatever the module order"
    )
    func listOrder() throws {
        let forward = try Injector(modules: [CoreSinks(), MoreSinks()]).resolve(Analytics.self).names
        let backward = try Injector(modules: [MoreSinks(), CoreSinks()]).resolve(Analytics.self).names
        #expect(forward == ["file", "audit", "console"])
        #expect(backward == forward)
    }

    @Test("A map collects items under their keys")
    func map() throws {
        let injector = try makeInjector { binder in
            binder.contribute(Sink.self, key: "login") { NamedSink("login") }
            binder.contribute(Sink.self, key: "cart") { NamedSink("cart") }
            binder.bind(Router.self, to: Router.init)
        }
        #expect(try injector.resolve(Router.self).handlers.mapValues(\.name) == ["login": "login", "cart": "cart"])
        #expect(try injector.resolve([String: any Sink].self).count == 2)
    }

    @Test("Each contribution keeps its own scope", arguments: [Scope.transient, .singleton, .session])
    func scopes(scope: Scope) throws {
        let counter = Counter()
        let injector = try makeInjector { binder in
            binder.contribute(Sink.self, id: "counted") { NamedSink("counted", serial: counter.next()) }.scope(scope)
            binder.contribute(Sink.self, id: "fresh") { NamedSink("fresh") }
        }
        let first = try injector.resolve([any Sink].self)
        let second = try injector.resolve([any Sink].self)
        #expect((first[0] as AnyObject === second[0] as AnyObject) == (scope != .transient))
        #expect(first[1] as AnyObject !== second[1] as AnyObject)
        injector.reset(.session)
        _ = try injector.resolve([any Sink].self)
        #expect(counter.value == (scope == .transient ? 3 : scope == .session ? 2 : 1))
    }

    @Test("Versions per item: a V2 module adds items and replaces V1's; a V1 selection never sees V2's")
    func versions() throws {
        func names(_ version: String) throws -> [String] {
            try makeInjector(versions: VersionSelection(default: version)) { binder in
                binder.contribute(Sink.self, id: "gesture") { NamedSink("gesture v1") }.version("v1")
                binder.contribute(Sink.self, id: "gesture") { NamedSink("gesture v2") }.version("v2")
                binder.contribute(Sink.self, id: "card", position: 1) { NamedSink("card") }.version("v2")
                binder.contribute(Sink.self, id: "log", position: 2) { NamedSink("log") }
            }.resolve([any Sink].self).map(\.name)
        }
        #expect(try names("v1") == ["gesture v1", "log"])
        #expect(try names("v2") == ["gesture v2", "card", "log"])
        #expect(try names("v3") == ["gesture v2", "card", "log"])
    }

    @Test("A selection naming the element type chooses the version of every item, and validates")
    func elementTypeOverride() throws {
        func names(_ versions: VersionSelection) throws -> [String] {
            try makeInjector(versions: versions) { binder in
                binder.contribute(Sink.self, id: "gesture") { NamedSink("gesture v1") }.version("v1")
                binder.contribute(Sink.self, id: "card", position: 1) { NamedSink("card") }.version("v2")
            }.resolve([any Sink].self).map(\.name)
        }
        #expect(
            try names(VersionSelection(default: "v1", overrides: [.of((any Sink).self): "v2"])) == [
                "gesture v1", "card",
            ])
        #expect(try names(VersionSelection(default: "v2", overrides: [.of((any Sink).self): "v1"])) == ["gesture v1"])
    }

    @Test("An item contributed twice at one version is a duplicate naming both sites; .overriding() replaces it")
    func duplicates() throws {
        let found = try problems { binder in
            binder.contribute(Sink.self, id: "console") { NamedSink("a") }
            binder.contribute(Sink.self, id: "console") { NamedSink("b") }
        }
        #expect(found.map(\.message) == ["duplicate binding of Sink[console]"])
        #expect(found.first?.notes.count == 2)
        let replaced = try makeInjector { binder in
            binder.contribute(Sink.self, id: "console") { NamedSink("a") }
            binder.contribute(Sink.self, id: "console") { NamedSink("b") }.overriding()
        }
        #expect(try replaced.resolve([any Sink].self).map(\.name) == ["b"])
        let mapDuplicate = try problems { binder in
            binder.contribute(Sink.self, key: "login") { NamedSink("a") }
            binder.contribute(Sink.self, key: "login") { NamedSink("b") }
        }
        #expect(mapDuplicate.map(\.message) == [#"duplicate binding of Sink["login"]"#])
    }

    @Test("A child adds, replaces and withdraws items for a test; the parent keeps its list")
    func children() throws {
        let parent = try Injector(modules: [CoreSinks(), MoreSinks()])
        let child = try parent.child { binder in
            binder.contribute(Sink.self, id: "spy", position: 5) { NamedSink("spy") }
            binder.contribute(Sink.self, id: "console") { NamedSink("fake console") }
            binder.withdraw(Sink.self, id: "audit")
        }
        #expect(try child.resolve(Analytics.self).names == ["file", "fake console", "spy"])
        #expect(try parent.resolve(Analytics.self).names == ["file", "audit", "console"])
        let wrong = #expect(throws: ValidationError.self) {
            _ = try parent.child { binder in binder.withdraw(Sink.self, id: "nothing") }
        }
        #expect(
            wrong?.problems.map(\.message) == [
                "withdraw of Sink[nothing], which the collection [any Sink] does not have"
            ])
    }

    @Test("A strict child refuses a live-only item when the collection is built")
    func strictChild() throws {
        let parent = try makeInjector { binder in
            binder.contribute(Sink.self, id: "remote") { NamedSink("remote") }.liveOnly()
        }
        let strict = try parent.child(strict: true) { _ in }
        #expect(throws: ResolutionError.self) { try strict.resolve([any Sink].self) }
        let faked = try parent.child(strict: true) { binder in
            binder.contribute(Sink.self, id: "remote") { NamedSink("fake") }
        }
        #expect(try faked.resolve([any Sink].self).map(\.name) == ["fake"])
    }

    @Test("An injected collection with no items is a missing binding, unless it was declared")
    func declaredEmpty() throws {
        let found = try problems { binder in binder.bind(Analytics.self, to: Analytics.init) }
        #expect(found.map(\.message) == ["no binding for [any Sink]"])
        #expect(
            found.map(\.fix) == [
                #"contribute its items with binder.contribute(Sink.self, id: "…") { … }, or let it be empty with binder.declareList(Sink.self)"#
            ])
        let map = try problems { binder in binder.bind(Router.self, to: Router.init) }
        #expect(
            map.map(\.fix) == [
                "contribute its items with binder.contribute(Sink.self, key: …) { … }, or let it be empty with binder.declareMap(Sink.self, keyedBy: String.self)"
            ])
        let declared = try makeInjector { binder in
            binder.declareList(Sink.self)
            binder.declareMap(Sink.self, keyedBy: String.self)
            binder.bind(Analytics.self, to: Analytics.init)
            binder.bind(Router.self, to: Router.init)
        }
        #expect(try declared.resolve(Analytics.self).sinks.isEmpty)
        #expect(try declared.resolve(Router.self).handlers.isEmpty)
    }

    @Test("Items are validated like bindings: a missing dependency, and a captive through the collection")
    func validation() throws {
        let found = try problems { binder in
            binder.contribute(Sink.self, id: "needs") { (clock: any Clock) in NamedSink("\(clock.now)") }
            binder.contribute(Sink.self, id: "session") { NamedSink("s") }.scope(.session)
            binder.bind(Analytics.self, to: Analytics.init).scope(.singleton)
        }
        #expect(found.map(\.kind) == [.missingBinding, .captiveDependency])
        #expect(
            found[1].message
                == "captive dependency: singleton Analytics holds session-scoped Sink[session], which would outlive its scope"
        )
        let both = try problems { binder in
            binder.contribute(Sink.self, id: "a") { NamedSink("a") }
            binder.bind([any Sink].self, toInstance: [])
        }
        #expect(both.map(\.message) == ["duplicate binding of [any Sink]: bound, and made from contributions"])
    }

    @Test("The graph shows each item as a binding, and explain says which version serves each and why")
    func introspection() throws {
        let injector = try makeInjector(versions: VersionSelection(default: "v2")) { binder in
            binder.contribute(Sink.self, id: "gesture") { NamedSink("v1") }.version("v1")
            binder.contribute(Sink.self, id: "card") { NamedSink("v2") }.version("v2")
        }
        let text = injector.graph.rendered(as: .text)
        #expect(text.contains("Sink[gesture] [v1 (fallback for v2), transient]"))
        #expect(text.contains("[any Sink] [transient]"))
        let explanation = injector.explain([any Sink].self).description
        #expect(explanation.contains("why: made from the 2 contributions chosen for the selection"))
        #expect(explanation.contains("  items:\n    card: v2 ("))
        #expect(
            explanation.contains("    gesture: v1 (")
                && explanation.contains("no v2 binding, so the highest below it, v1"))
    }
}
