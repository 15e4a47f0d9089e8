import Container
import Foundation
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

private enum Audit: BindingName { static let name = "audit" }

/// Injects the unnamed list and the list named "audit" side by side.
private final class Trail: Sendable {
    let everyday: [any Sink]
    let audit: [any Sink]
    init(everyday: [any Sink], audit: Named<Audit, [any Sink]>) {
        self.everyday = everyday
        self.audit = audit.value
    }
    var names: [String] { audit.map(\.name) }
}

/// Injects the map named "audit".
private final class AuditRouter: Sendable {
    let handlers: [String: any Sink]
    init(handlers: Named<Audit, [String: any Sink]>) { self.handlers = handlers.value }
}

/// The unnamed list has "console"; the audit list has its own "console", "file" before it.
private struct SinkModule: Module {
    func configure(_ binder: Binder) {
        binder.contribute(Sink.self, id: "console") { NamedSink("console") }
        binder.contribute(Sink.self, id: "console") { NamedSink("audit console") }.named(Audit.self)
        binder.contribute(Sink.self, id: "file", position: -1) { NamedSink("audit file") }.named(Audit.self)
        binder.bind(Trail.self, to: Trail.init)
    }
}

@Suite("Named collections")
struct NamedCollectionTests {
    @Test(
        "A contribution's .named puts it in the list of that name, injected through Named and resolved by name, apart from the unnamed list"
    )
    func namedList() throws {
        let injector = try Injector(modules: [SinkModule()])
        let trail = try injector.resolve(Trail.self)
        #expect(trail.names == ["audit file", "audit console"])
        #expect(trail.everyday.map(\.name) == ["console"])
        #expect(try injector.resolve([any Sink].self, named: "audit").map(\.name) == ["audit file", "audit console"])
        #expect(try injector.resolve([any Sink].self).map(\.name) == ["console"])
        #expect(try injector.resolve(Named<Audit, [any Sink]>.self).value.count == 2)
        #expect(try injector.resolve(Provider<Named<Audit, [any Sink]>>.self).get().value.count == 2)
        #expect(try injector.resolve(Lazy<Named<Audit, [any Sink]>>.self).value.value.count == 2)
        #expect(try injector.resolve(Named<Audit, [any Sink]>?.self)?.value.count == 2)
    }

    @Test("A named map collects its items under their keys, apart from the unnamed map")
    func namedMap() throws {
        let injector = try makeInjector { binder in
            binder.contribute(Sink.self, key: "login") { NamedSink("login") }
            binder.contribute(Sink.self, key: "login") { NamedSink("audited login") }.named(Audit.self)
            binder.contribute(Sink.self, key: "cart") { NamedSink("audited cart") }.named("audit")
            binder.bind(AuditRouter.self, to: AuditRouter.init)
        }
        #expect(
            try injector.resolve(AuditRouter.self).handlers.mapValues(\.name) == [
                "login": "audited login", "cart": "audited cart",
            ])
        #expect(try injector.resolve([String: any Sink].self).mapValues(\.name) == ["login": "login"])
        #expect(try injector.resolve([String: any Sink].self, named: "audit").count == 2)
    }

    @Test("One instance in two collections: a singleton contributed to each")
    func oneInstanceInTwo() throws {
        let injector = try makeInjector { binder in
            binder.bind(NamedSink.self) { NamedSink("shared") }.scope(.singleton)
            binder.contribute(Sink.self, id: "shared") { (shared: NamedSink) in shared }
            binder.contribute(Sink.self, id: "shared") { (shared: NamedSink) in shared }.named(Audit.self)
        }
        let everyday = try injector.resolve([any Sink].self)
        let audit = try injector.resolve([any Sink].self, named: "audit")
        #expect(everyday[0] as AnyObject === audit[0] as AnyObject)
    }

    @Test("An opaque factory declares and resolves a named list")
    func opaque() throws {
        let injector = try Injector(modules: [
            SinkModule(),
            TestModule { binder in
                binder.bind(String.self, needs: [.of([any Sink].self, named: "audit")]) { resolver in
                    try resolver.resolve([any Sink].self, named: "audit").map(\.name).joined(separator: ",")
                }
            },
        ])
        #expect(try injector.resolve(String.self) == "audit file,audit console")
    }

    @Test("Each named item keeps its own scope", arguments: [Scope.transient, .singleton, .weak, .session])
    func scopes(scope: Scope) throws {
        let counter = Counter()
        let injector = try makeInjector { binder in
            binder.contribute(Sink.self, id: "counted") { NamedSink("counted", serial: counter.next()) }.scope(scope)
                .named(Audit.self)
            binder.contribute(Sink.self, id: "fresh") { NamedSink("fresh") }.named(Audit.self)
        }
        let first = try injector.resolve([any Sink].self, named: "audit")
        let second = try injector.resolve([any Sink].self, named: "audit")
        #expect((first[0] as AnyObject === second[0] as AnyObject) == (scope != .transient))
        #expect(first[1] as AnyObject !== second[1] as AnyObject)
        injector.reset(.session)
        _ = try injector.resolve([any Sink].self, named: "audit")
        #expect(counter.value == (scope == .transient ? 3 : scope == .session ? 2 : 1))
    }

    @Test(
        "Versions are chosen per item of the named list; a selection naming the named list's service chooses its items only"
    )
    func versions() throws {
        func names(_ versions: VersionSelection) throws -> (audit: [String], everyday: [String]) {
            let injector = try makeInjector(versions: versions) { binder in
                binder.contribute(Sink.self, id: "gesture") { NamedSink("gesture v1") }.version("v1").named(Audit.self)
                binder.contribute(Sink.self, id: "gesture") { NamedSink("gesture v2") }.named(Audit.self).version("v2")
                binder.contribute(Sink.self, id: "card", position: 1) { NamedSink("card") }.version("v2").named(
                    Audit.self)
                binder.contribute(Sink.self, id: "plain") { NamedSink("plain v1") }.version("v1")
                binder.contribute(Sink.self, id: "plain") { NamedSink("plain v2") }.version("v2")
            }
            return (
                try injector.resolve([any Sink].self, named: "audit").map(\.name),
                try injector.resolve([any Sink].self).map(\.name)
            )
        }
        #expect(try names(VersionSelection(default: "v1")) == (["gesture v1"], ["plain v1"]))
        #expect(try names(VersionSelection(default: "v2")) == (["gesture v2", "card"], ["plain v2"]))
        #expect(try names(.latest) == (["gesture v2", "card"], ["plain v2"]))
        let auditOnly = VersionSelection(default: "v1", overrides: [.of((any Sink).self, named: "audit"): "v2"])
        #expect(try names(auditOnly) == (["gesture v2", "card"], ["plain v1"]))
        let every = VersionSelection(default: "v1", overrides: [.of((any Sink).self): "v2"])
        #expect(try names(every) == (["gesture v2", "card"], ["plain v2"]))
    }

    @Test("A selection naming a named list's element type validates; one naming a name nobody contributes to does not")
    func selectionOfNamedService() throws {
        let contributing: @Sendable (Binder) -> Void = { binder in
            binder.contribute(Sink.self, id: "a") { NamedSink("a") }.named(Audit.self).version("v1")
        }
        #expect(
            try problems(
                versions: VersionSelection(default: "v1", overrides: [.of((any Sink).self, named: "audit"): "v1"]),
                contributing
            ).isEmpty)
        let found = try problems(
            versions: VersionSelection(default: "v1", overrides: [.of((any Sink).self, named: "audot"): "v1"]),
            contributing)
        #expect(
            found.map(\.message) == [
                #"the version selection names Sink named "audot" (v1), but nothing binds Sink named "audot""#
            ])
    }

    @Test(
        "Every combination pins the named list's service on its own, and each validates; such an entry parses"
    )
    func everySelection() throws {
        let modules: [any Module] = [
            TestModule { binder in
                binder.contribute(Sink.self, id: "gesture") { NamedSink("gesture v1") }.version("v1").named(Audit.self)
                binder.contribute(Sink.self, id: "gesture") { NamedSink("gesture v2") }.version("v2").named(Audit.self)
                binder.contribute(Sink.self, id: "plain") { NamedSink("plain") }.version("v1")
            }
        ]
        let checked = try Injector.validateEverySelection(modules: modules)
        #expect(checked.services == [.of((any Sink).self, named: "audit"), .of((any Sink).self)])
        #expect(checked.combinations.value == 4)
        let graph = Injector.graph(modules: modules)
        // An entry alone: the selection parser splits entries at spaces, which a name's display has.
        let entry = try VersionSelection.Entry(parsing: #"Sink named "audit"=v1"#, in: graph)
        #expect(entry == .override(.of((any Sink).self, named: "audit"), "v1"))
        let versions = VersionSelection(default: "v2", overrides: [.of((any Sink).self, named: "audit"): "v1"])
        #expect(
            try Injector(modules: modules, versions: versions).resolve([any Sink].self, named: "audit").map(\.name) == [
                "gesture v1"
            ])
    }

    @Test("An id contributed twice to one named list is a duplicate; the same id in the unnamed list is not")
    func duplicates() throws {
        let line = #line + 2
        let found = try problems { binder in
            binder.contribute(Sink.self, id: "console") { NamedSink("a") }.named(Audit.self)
            binder.contribute(Sink.self, id: "console") { NamedSink("b") }.named(Audit.self)
            binder.contribute(Sink.self, id: "console") { NamedSink("c") }
        }
        #expect(
            found.map(\.description) == [
                """
                error: duplicate binding of Sink named "audit"[console] [G104]
                  first declared at ContainerTests/NamedCollectionTests.swift:\(line)
                  again declared at ContainerTests/NamedCollectionTests.swift:\(line + 1)
                  fix: remove one of them, or add .overriding() to the second if it is meant to replace the first
                """
            ])
        let replaced = try makeInjector { binder in
            binder.contribute(Sink.self, id: "console") { NamedSink("a") }.named(Audit.self)
            binder.contribute(Sink.self, id: "console") { NamedSink("b") }.named(Audit.self).overriding()
        }
        #expect(try replaced.resolve([any Sink].self, named: "audit").map(\.name) == ["b"])
    }

    @Test("A child adds, replaces and withdraws items of a named list; the parent and the unnamed list keep theirs")
    func children() throws {
        let parent = try Injector(modules: [SinkModule()])
        let child = try parent.child { binder in
            binder.contribute(Sink.self, id: "spy", position: 5) { NamedSink("spy") }.named(Audit.self)
            binder.contribute(Sink.self, id: "file") { NamedSink("fake file") }.named(Audit.self)
            binder.withdraw(Sink.self, id: "console", named: Audit.self)
        }
        #expect(try child.resolve(Trail.self).names == ["fake file", "spy"])
        #expect(try child.resolve(Trail.self).everyday.map(\.name) == ["console"])
        #expect(try parent.resolve(Trail.self).names == ["audit file", "audit console"])
        let unnamedOnly = try parent.child { binder in binder.withdraw(Sink.self, id: "console") }
        #expect(try unnamedOnly.resolve(Trail.self).everyday.isEmpty)
        #expect(try unnamedOnly.resolve(Trail.self).names == ["audit file", "audit console"])
    }

    @Test("A child withdraws from a named map by key")
    func childOfMap() throws {
        let parent = try makeInjector { binder in
            binder.contribute(Sink.self, key: "login") { NamedSink("login") }.named(Audit.self)
            binder.contribute(Sink.self, key: "cart") { NamedSink("cart") }.named(Audit.self)
            binder.bind(AuditRouter.self, to: AuditRouter.init)
        }
        let child = try parent.child { binder in binder.withdraw(Sink.self, key: "cart", named: "audit") }
        #expect(try child.resolve(AuditRouter.self).handlers.keys.sorted() == ["login"])
        #expect(try parent.resolve(AuditRouter.self).handlers.keys.sorted() == ["cart", "login"])
    }

    @Test("Withdrawing from the unnamed list an item only the named list has is an error, as is the other way round")
    func withdrawWrongList() throws {
        let parent = try Injector(modules: [SinkModule()])
        // Inside #expect, a default #line argument is the line of the macro.
        let line = #line + 1
        let wrong = #expect(throws: ValidationError.self) {
            _ = try parent.child { binder in binder.withdraw(Sink.self, id: "file") }
        }
        #expect(
            wrong?.problems.map(\.description) == [
                """
                error: withdraw of Sink[file], which the collection [any Sink] does not have [G101]
                  declared at ContainerTests/NamedCollectionTests.swift:\(line)
                  fix: withdraw an item the parent contributes, or remove the withdraw
                """
            ])
        let parentWithout = try makeInjector { binder in
            binder.contribute(Sink.self, id: "console") { NamedSink("console") }
            binder.declareList(Sink.self, named: Audit.self)
        }
        let named = #expect(throws: ValidationError.self) {
            _ = try parentWithout.child { binder in binder.withdraw(Sink.self, id: "console", named: Audit.self) }
        }
        #expect(
            named?.problems.map(\.message) == [
                #"withdraw of Sink named "audit"[console], which the collection [any Sink] named "audit" does not have"#
            ])
    }

    @Test("A strict child refuses a live-only item of a named list, and builds it once the child contributes a fake")
    func strictChild() throws {
        let parent = try makeInjector { binder in
            binder.contribute(Sink.self, id: "remote") { NamedSink("remote") }.liveOnly().named(Audit.self)
            binder.contribute(Sink.self, id: "local") { NamedSink("local") }
        }
        let strict = try parent.child(strict: true) { _ in }
        #expect(throws: ResolutionError.self) { try strict.resolve([any Sink].self, named: "audit") }
        #expect(try strict.resolve([any Sink].self).map(\.name) == ["local"])
        let faked = try parent.child(strict: true) { binder in
            binder.contribute(Sink.self, id: "remote") { NamedSink("fake") }.named(Audit.self)
        }
        #expect(try faked.resolve([any Sink].self, named: "audit").map(\.name) == ["fake"])
    }

    @Test(
        "A named collection with no items is a missing binding that says where the contributions went, unless declared")
    func declaredEmpty() throws {
        let body: @Sendable (Binder) -> Void = { binder in
            binder.contribute(Sink.self, id: "console") { NamedSink("console") }
            binder.bind(Trail.self, to: Trail.init)
        }
        let site = Sites(body)[Trail.self]
        let found = try problems(body)
        #expect(
            found.map(\.description) == [
                """
                error: no binding for [any Sink] named "audit" [G101]
                  needed by Trail (\(site))
                         -> [any Sink] named "audit"
                  note: contributions make [any Sink] (unnamed); a contribution joins the collection named by its .named(_:)
                  fix: contribute its items with binder.contribute(Sink.self, id: "…") { … }.named("audit"), or let it be empty with binder.declareList(Sink.self, named: "audit")
                """
            ])
        let unnamed = try problems { binder in
            binder.contribute(Sink.self, id: "console") { NamedSink("console") }.named(Audit.self)
            binder.contribute(Sink.self, id: "console") { NamedSink("console") }.named("other")
            binder.bind([String].self) { (sinks: [any Sink]) in sinks.map(\.name) }
        }
        #expect(
            unnamed.flatMap(\.notes) == [
                #"note: contributions make [any Sink] named "audit" and [any Sink] named "other"; "#
                    + "a contribution joins the collection named by its .named(_:)"
            ])
        let declared = try makeInjector { binder in
            binder.declareList(Sink.self, named: Audit.self)
            binder.declareMap(Sink.self, keyedBy: String.self, named: Audit.self)
            binder.contribute(Sink.self, id: "console") { NamedSink("console") }
            binder.bind(Trail.self, to: Trail.init)
            binder.bind(AuditRouter.self, to: AuditRouter.init)
        }
        #expect(try declared.resolve(Trail.self).audit.isEmpty)
        #expect(try declared.resolve(AuditRouter.self).handlers.isEmpty)
        #expect(try declared.resolve([any Sink].self, named: "audit").isEmpty)
        let byString = try makeInjector { binder in binder.declareList(Sink.self, named: "audit") }
        #expect(try byString.resolve([any Sink].self, named: "audit").isEmpty)
    }

    @Test(
        "Named items are validated like bindings: a captive through the named list, and a list both bound and contributed to"
    )
    func validation() throws {
        let captive = try problems { binder in
            binder.contribute(Sink.self, id: "session") { NamedSink("s") }.scope(.session).named(Audit.self)
            binder.contribute(Sink.self, id: "console") { NamedSink("console") }
            binder.bind(Trail.self, to: Trail.init).scope(.singleton)
        }
        #expect(
            captive.map(\.message) == [
                #"captive dependency: singleton Trail holds session-scoped Sink named "audit"[session], which would outlive its scope"#
            ])
        let both = try problems { binder in
            binder.contribute(Sink.self, id: "a") { NamedSink("a") }.named(Audit.self)
            binder.bind([any Sink].self, toInstance: []).named(Audit.self)
        }
        #expect(
            both.map(\.message) == [
                #"duplicate binding of [any Sink] named "audit": bound, and made from contributions"#
            ])
    }

    @Test("The graph names the named list and its items in text, DOT, Mermaid, JSON and the snapshot")
    func graph() throws {
        let graph = try Injector(modules: [SinkModule()]).graph
        let text = graph.rendered(as: .text)
        #expect(text.contains(#"[any Sink] named "audit" [transient]"#))
        #expect(text.contains(#"Sink named "audit"[file] [transient]"#))
        #expect(graph.rendered(as: .dot).contains(#"[any Sink] named \"audit\""#))
        #expect(graph.rendered(as: .mermaid).contains(#"n5["[any Sink] named #quot;audit#quot;<br/>transient"]"#))
        #expect(graph.rendered(as: .json).contains(#"[any Sink] named \"audit\""#))
        let service = try #require(graph.snapshot.services.first { $0.id == #"[any Sink] named "audit""# })
        #expect(service.items == [#"Sink named "audit"[file]"#, #"Sink named "audit"[console]"#])
        let plain = try #require(graph.snapshot.services.first { $0.id == "[any Sink]" })
        #expect(plain.items == ["Sink[console]"])
        #expect(graph.key(displayedAs: #"[any Sink] named "audit""#) == .of([any Sink].self, named: "audit"))
    }

    @Test("Two graphs diff into the contributions a named list gained")
    func snapshotChanges() throws {
        let before = try Injector(modules: [SinkModule()]).graph.snapshot
        let after = try Injector(modules: [
            SinkModule(),
            TestModule { binder in
                binder.contribute(Sink.self, id: "remote") { NamedSink("remote") }.named(Audit.self)
            },
        ]).graph.snapshot
        #expect(
            after.changes(from: before).contains(
                .contributionAdded(#"[any Sink] named "audit""#, item: #"Sink named "audit"[remote]"#)))
        #expect(
            !after.changes(from: before).contains { change in
                if case .contributionAdded("[any Sink]", _) = change { true } else { false }
            })
    }

    @Test(
        "explain of a named list says it is made from its items and lists each with the version that serves it and why")
    func explainNamedList() throws {
        let body: @Sendable (Binder) -> Void = { binder in
            binder.contribute(Sink.self, id: "gesture") { NamedSink("v1") }.version("v1").named(Audit.self)
            binder.contribute(Sink.self, id: "card") { NamedSink("v2") }.version("v2").named(Audit.self)
            binder.contribute(Sink.self, id: "console") { NamedSink("console") }
        }
        let site = Sites(body, versions: VersionSelection(default: "v2"))
        let injector = try makeInjector(versions: VersionSelection(default: "v2"), body)
        #expect(
            injector.explain([any Sink].self, named: "audit").description == """
                [any Sink] named "audit" is made from its items
                  why: made from the 2 contributions chosen for the selection
                  scope: transient, made on each request from its items, each of which keeps its own scope
                  items:
                    card: v2 (\(site[displayed: #"Sink named "audit"[card]"#])), selected v2 (run-time default); bound in that version
                    gesture: v1 (\(site[displayed: #"Sink named "audit"[gesture]"#])), selected v2 (run-time default); no v2 binding, so the highest below it, v1
                """)
        #expect(
            injector.explain([any Sink].self).description == """
                [any Sink] is made from its items
                  why: made from the 1 contribution chosen for the selection
                  scope: transient, made on each request from its items, each of which keeps its own scope
                  items:
                    console: unversioned (\(site[displayed: "Sink[console]"])), bound without a version, so it serves every selection
                """)
    }

    @Test("explain of a declared list with no items says so")
    func explainEmpty() throws {
        let injector = try makeInjector { binder in binder.declareList(Sink.self, named: Audit.self) }
        #expect(
            injector.explain([any Sink].self, named: "audit").description == """
                [any Sink] named "audit" is made from its items
                  why: no contribution is chosen for the selection, so it is empty
                  scope: transient, made on each request from its items, each of which keeps its own scope
                  items: none
                """)
    }
}
