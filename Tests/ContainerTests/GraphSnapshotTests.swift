@testable import Container
import Foundation
import Testing

private struct Shop: Module {
    var cartScope = Scope.transient
    var withWishlist = true
    var retireWishlistFrom: String?
    var asyncClock = false
    func configure(_ binder: Binder) {
        binder.bind(CartService.self, to: CartV1.init).version("v1").scope(cartScope)
        binder.bind(CartService.self, to: CartV2.init).version("v2").scope(cartScope)
        if withWishlist { binder.bind(WishlistService.self, to: WishlistV1.init).version("v1") }
        if let retireWishlistFrom { binder.retire(WishlistService.self, from: retireWishlistFrom) }
        binder.bind(APIClient.self, to: APIClient.init)
        binder.bind(Transport.self, to: FakeTransport.init).liveOnly()
        if asyncClock {
            binder.bind(Clock.self) { () async in SystemClock() }
        } else {
            binder.bind(Clock.self, to: SystemClock.init)
        }
        binder.contribute(String.self, id: "a") { "a" }
    }
}

@Suite("Graph snapshots and their diff")
struct GraphSnapshotTests {
    private func snapshot(_ versions: VersionSelection = .init(default: "v2"), _ modules: any Module...)
        -> GraphSnapshot
    {
        Injector.graph(modules: modules, versions: versions).snapshot
    }

    @Test("A snapshot lists services by name, with no line numbers, whatever the module order")
    func deterministic() throws {
        let one = snapshot(.init(default: "v2"), Shop(), TestModule { binder in binder.bind(Int.self, toInstance: 1) })
        let other = snapshot(
            .init(default: "v2"), TestModule { binder in binder.bind(Int.self, toInstance: 1) }, Shop())
        #expect(one == other)
        #expect(one.services.map(\.id) == one.services.map(\.id).sorted())
        let cart = try #require(one.services.first { $0.id == "CartService" })
        #expect(
            cart.version == "v2" && cart.versions == ["v1", "v2"]
                && cart.file == "ContainerTests/GraphSnapshotTests.swift")
        #expect(cart.dependencies == ["APIClient", "Clock"])
        let list = try #require(one.services.first { $0.id == "[String]" })
        #expect(list.items == ["String[a]"] && list.dependencies.isEmpty)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = try encoder.encode(one)
        #expect(try JSONDecoder().decode(GraphSnapshot.self, from: data) == one)
        #expect(!String(decoding: data, as: UTF8.self).contains(".swift:"))
    }

    @Test("An unchanged graph has no changes; each kind of change is reported as a value")
    func changes() {
        let base = snapshot(.init(default: "v2"), Shop())
        #expect(base.changes(from: base).isEmpty)
        let longer = snapshot(.init(default: "v2"), Shop(cartScope: .singleton))
        #expect(
            longer.changes(from: base) == [
                .scopeChanged("CartService", from: .scope(.transient), to: .scope(.singleton))
            ])
        #expect(
            base.changes(from: longer) == [
                .scopeChanged("CartService", from: .scope(.singleton), to: .scope(.transient))
            ])
        #expect(
            base.changes(from: longer).map(\.description) == [
                "~ CartService: scope singleton -> transient (lives shorter)"
            ])
        let v1 = snapshot(.init(default: "v1"), Shop())
        #expect(
            v1.changes(from: base) == [
                .versionChanged("CartService", from: "v2", to: "v1"),
                .dependencyRemoved("CartService", dependency: "Clock"),
            ])
        let retired = snapshot(.init(default: "v2"), Shop(retireWishlistFrom: "v2"))
        #expect(retired.changes(from: base) == [.notServed("WishlistService", why: "retired in v2")])
        #expect(retired.changes(from: base).map(\.description) == ["! WishlistService: not served (retired in v2)"])
        let later = snapshot(.init(default: "v2"), Shop(retireWishlistFrom: "v3"))
        #expect(later.changes(from: base) == [.versionsDeclared("WishlistService", added: ["retired v3"], removed: [])])
        let without = snapshot(.init(default: "v2"), Shop(withWishlist: false))
        #expect(without.changes(from: base) == [.serviceRemoved("WishlistService")])
        #expect(base.changes(from: without) == [.serviceAdded("WishlistService")])
        let more = snapshot(
            .init(default: "v2"), Shop(),
            TestModule { binder in
                binder.contribute(String.self, id: "b") { "b" }
                binder.decorate(CartService.self) { (inner: any CartService) in inner }.id("trace")
            })
        let anonymous = snapshot(
            .init(default: "v2"), Shop(),
            TestModule { binder in
                binder.decorate(CartService.self) { (inner: any CartService) in inner }.version("v2")
            })
        #expect(
            anonymous.changes(from: base) == [
                .decoratorAdded("CartService", decorator: "decorator in ContainerTests/GraphSnapshotTests.swift v2")
            ])
        #expect(
            more.changes(from: base) == [
                .decoratorAdded("CartService", decorator: "trace"), .serviceAdded("String[b]"),
                .contributionAdded("[String]", item: "String[b]"),
            ])
        // An async factory makes its binding asynchronous, and the cart that needs it built first.
        let awaited = snapshot(.init(default: "v2"), Shop(asyncClock: true))
        #expect(
            awaited.changes(from: base) == [
                .asynchronyChanged("CartService", to: true), .asynchronyChanged("Clock", to: true),
            ])
        #expect(
            awaited.changes(from: base).map(\.description) == [
                "~ CartService: now asynchronous", "~ Clock: now asynchronous",
            ])
        #expect(
            base.changes(from: awaited).map(\.description) == [
                "~ CartService: no longer asynchronous", "~ Clock: no longer asynchronous",
            ])
    }

    @Test("A change between two scopes that keep instances as long says neither lives longer nor lives shorter")
    func scopeChangeOfSameRank() {
        let pairs: [(Scope, Scope)] = [
            (.session, .resettable("cart")), (.resettable("cart"), .session), (.singleton, .eagerSingleton),
            (.eagerSingleton, .singleton),
        ]
        for (from, to) in pairs {
            let before = snapshot(.init(default: "v2"), Shop(cartScope: from))
            let after = snapshot(.init(default: "v2"), Shop(cartScope: to))
            #expect(
                after.changes(from: before) == [
                    .scopeChanged("CartService", from: .scope(from), to: .scope(to))
                ])
            #expect(
                after.changes(from: before).map(\.description) == ["~ CartService: scope \(from) -> \(to)"])
        }
    }

    /// The DocC article's line is its compiled example's, which VersionsSnippetsExampleTests checks.
    @Test("The lines the article \"Validation and Introspection\" shows are the changes' own descriptions")
    func documentedLines() throws {
        let article = try repositoryText("Sources/Container/Container.docc/ValidationAndIntrospection.md")
        let scope = GraphChange.scopeChanged("CartService", from: .scope(.transient), to: .scope(.session)).description
        #expect(scope == "~ CartService: scope transient -> session (lives longer)")
        #expect(article.contains("\n\(scope)\n+ PaymentService\n```"))
        #expect(GraphChange.serviceAdded("PaymentService").description == "+ PaymentService")
    }

    @Test("A child's snapshot shows what its overrides and retirements change, and its parent's is unchanged")
    func child() throws {
        let parent = try Injector(modules: [Shop()], versions: .init(default: "v2"))
        let before = parent.graph.snapshot
        let child = try parent.child(strict: true) { binder in
            binder.bind(Transport.self, to: LiveTransport.init)
            binder.bind(Clock.self) { FixedClock(now: 1) }.scope(.singleton)
            binder.retire(WishlistService.self, from: "v1")
        }
        #expect(
            child.graph.snapshot.changes(from: before) == [
                .scopeChanged("Clock", from: .scope(.transient), to: .scope(.singleton)),
                .liveOnlyChanged("Transport", to: false),
                .notServed("WishlistService", why: "retired in v1"),
            ])
        #expect(parent.graph.snapshot == before)
    }

    /// A graph with every kind of entry a snapshot holds: versions, a fallback, a retirement, a
    /// service not served, an instance, a type served through `.implements`, a collection and
    /// decorators with and without an id.
    private func everything() -> GraphSnapshot {
        snapshot(
            .init(default: "v1"), Shop(retireWishlistFrom: "v3"),
            TestModule { binder in
                binder.bind(Int.self, toInstance: 1)
                binder.bind(LiveTransport.self, to: LiveTransport.init).scope(.session)
                    .implements((any Sendable).self) { $0 }
                binder.bind(Double.self) { 2.0 }.version("v2")
                binder.decorate(CartService.self) { (inner: any CartService) in inner }.id("trace")
                binder.decorate(CartService.self) { (inner: any CartService) in inner }
            })
    }

    private func json(_ snapshot: GraphSnapshot) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: JSONEncoder().encode(snapshot)) as? [String: Any])
    }

    /// The coding path and the description of the error that decoding `document` throws.
    private func refusal(_ document: [String: Any]) throws -> String? {
        let data = try JSONSerialization.data(withJSONObject: document)
        do {
            _ = try JSONDecoder().decode(GraphSnapshot.self, from: data)
            return nil
        } catch DecodingError.dataCorrupted(let context) {
            let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return "\(path): \(context.debugDescription)"
        }
    }

    @Test("Every kind of entry Graft writes reads back as written")
    func readsWhatItWrites() throws {
        let written = everything()
        #expect(
            Set(written.services.map(\.scope)) == [
                .forwards(to: "LiveTransport"), .instance, .scope(.session), .scope(.transient),
            ])
        #expect(written.notServed.map(\.id) == ["Double"])
        #expect(written.services.first { $0.id == "WishlistService" }?.versions == ["v1", "retired v3"])
        #expect(try JSONDecoder().decode(GraphSnapshot.self, from: JSONEncoder().encode(written)) == written)
    }

    @Test(
        "A snapshot no Graft could have written is refused at the entry that is wrong",
        arguments: [
            (
                "a service twice", "services", 1, "id", "=0",
                #".services[1].id: "APIClient" is listed twice, as services[0] too; Graft writes each service once (a merge may have kept both sides)"#
            ),
            ("an empty name", "services", 0, "id", "", ".services[0].id: a service without a name"),
            (
                "a malformed version", "services", 0, "version", "2",
                #".services[0].version: "2" is not a version such as v1, v2 or v2.1 ('v', then numbers separated by dots)"#
            ),
            (
                "a declared version twice", "services", 0, "versions", "[v1,v1]",
                #".services[0].versions: "v1" is listed twice"#
            ),
            (
                "an unknown declaration", "services", 0, "versions", "[retired unversioned]",
                #".services[0].versions: "retired unversioned" is not a declared version: unversioned, a version such as v1, v2 or v2.1 ('v', then numbers separated by dots), or retired and a version"#
            ),
            ("an empty scope", "services", 0, "scope", "", ".services[0].scope: a service without a scope"),
            (
                "an item twice", "services", 0, "items", "[x,x]",
                #".services[0].items: "x" is listed twice; Graft writes each item once"#
            ),
            (
                "served and not served", "notServed", 0, "id", "APIClient",
                #".notServed[0].id: "APIClient" is both served and not served, as services[0] too; Graft writes each service once"#
            ),
            (
                "an unknown reason", "notServed", 0, "why", "forgotten",
                #".notServed[0].why: "forgotten" is not why Graft says a service is not served ('bound only in …' or 'retired in …')"#
            ),
        ] as [(String, String, Int, String, String, String)])
    func refused(_ name: String, _ list: String, _ index: Int, _ member: String, _ value: String, _ expected: String)
        throws
    {
        var document = try json(everything())
        var entries = try #require(document[list] as? [[String: Any]])
        if value == "=0" {
            entries.insert(entries[0], at: 1)
        } else if value.hasPrefix("[") {
            entries[index][member] = value.dropFirst().dropLast().split(separator: ",").map(String.init)
        } else {
            entries[index][member] = value
        }
        document[list] = entries
        #expect(try refusal(document) == expected)
    }

    @Test("A refused name is quoted with its control characters escaped, and cut at 200 characters")
    func refusedNamesAreEscaped() throws {
        var document = try json(everything())
        var services = try #require(document["services"] as? [[String: Any]])
        services[0]["id"] = "Cart\u{1B}[31m\nError: forged"
        services[1]["id"] = "Cart\u{1B}[31m\nError: forged"
        document["services"] = services
        #expect(
            try refusal(document)
                == #".services[1].id: "Cart\u{1B}[31m\u{A}Error: forged" is listed twice, as services[0] too; Graft writes each service once (a merge may have kept both sides)"#
        )
        services[1]["version"] = String(repeating: "9", count: 100_000)
        services[1]["id"] = "Other"
        document["services"] = services
        #expect(
            try refusal(document)
                == ".services[1].version: \"\(String(repeating: "9", count: 200))…\" (100000 characters) is not a version such as v1, v2 or v2.1 ('v', then numbers separated by dots)"
        )
    }

    @Test("A schema this Graft never wrote is refused, naming the ones it reads")
    func otherSchema() throws {
        var document = try json(everything())
        for schema in [0, 3, -1] {
            document["schema"] = schema
            #expect(
                try refusal(document)
                    == ".schema: schema \(schema) is not one this Graft reads; it reads schemas 1 to 2")
        }
        // Schema 2 says whether each service is built on the main actor; a file that does not was not written by Graft.
        document["schema"] = 2
        var services = try #require(document["services"] as? [[String: Any]])
        services[1]["mainActor"] = nil
        document["services"] = services
        #expect(
            try refusal(document)
                == ".services[1].mainActor: missing; a schema-2 snapshot says whether each service is built on the main actor"
        )
    }

    @Test("A schema-1 file still reads and compares: what it does not record is a note, not a change")
    func schemaOne() throws {
        let current = everything()
        var document = try json(current)
        document["schema"] = 1
        var services = try #require(document["services"] as? [[String: Any]])
        for index in services.indices {
            services[index]["mainActor"] = nil
            services[index]["closes"] = nil
        }
        document["services"] = services
        let saved = try JSONDecoder().decode(GraphSnapshot.self, from: JSONSerialization.data(withJSONObject: document))
        #expect(saved.schema == 1)
        #expect(saved.services.allSatisfy { $0.mainActor == nil && $0.closes == nil })
        #expect(current.changes(from: saved) == [])
        #expect(
            current.notCompared(with: saved) == [
                "whether a service is built on the main actor is not compared: a schema-1 snapshot does not record it; save the snapshot again to compare it",
                "whether a service closes at shutdown is not compared: a schema-1 snapshot does not record it; save the snapshot again to compare it",
                "the file of a collection made from contributions is not compared: a schema-1 snapshot does not record it; save the snapshot again to compare it",
            ])
        #expect(current.notCompared(with: current) == [])
        // A schema-1 file holds a collection's first contribution's file: not a move.
        let collection = try #require(services.firstIndex { $0["items"] != nil })
        services[collection]["file"] = "Shop/Cart.swift"
        document["services"] = services
        let older = try JSONDecoder().decode(GraphSnapshot.self, from: JSONSerialization.data(withJSONObject: document))
        #expect(current.changes(from: older) == [])
    }

    @Test("A move to the main actor is a change; a collection's file is not its first contribution's")
    func isolationAndCollections() throws {
        struct Screen: Sendable {}
        let plain = snapshot(.latest, TestModule { binder in binder.bind(Screen.self) { Screen() } })
        let isolated = snapshot(.latest, TestModule { binder in binder.bind(Screen.self, onMainActor: { Screen() }) })
        #expect(isolated.services.first?.mainActor == true)
        #expect(isolated.changes(from: plain).map(\.description) == ["~ Screen: now built on the main actor"])
        let closing = snapshot(
            .latest, TestModule { binder in binder.bind(Screen.self) { Screen() }.scope(.singleton).closing { _ in } })
        let kept = snapshot(.latest, TestModule { binder in binder.bind(Screen.self) { Screen() }.scope(.singleton) })
        #expect(closing.services.first?.closes == true)
        #expect(closing.changes(from: kept).map(\.description) == ["~ Screen: now closes at shutdown"])
        #expect(plain.changes(from: isolated).map(\.description) == ["~ Screen: no longer built on the main actor"])
        let list = snapshot(
            .latest,
            TestModule { binder in
                binder.contribute(Int.self, id: "one") { 1 }
                binder.contribute(Int.self, id: "two") { 2 }
            })
        #expect(list.services.first { $0.id == "[Int]" }?.file == "")
        #expect(list.services.first { $0.id == "Int[one]" }?.file == "ContainerTests/GraphSnapshotTests.swift")
    }

    @Test("A change prints a name from the file with control characters escaped, and cut at 1,000 characters")
    func changeDescriptionsAreSafe() {
        let forged = "Pay\u{1B}[31m\nError: all tests passed\u{202E}"
        #expect(GraphChange.serviceAdded(forged).description == #"+ Pay\u{1B}[31m\u{A}Error: all tests passed\u{202E}"#)
        #expect(
            GraphChange.notServed("Clock", why: "bound only in v2\r\n! Fake").description
                == #"! Clock: not served (bound only in v2\u{D}\u{A}! Fake)"#)
        let long = String(repeating: "A", count: 5_000)
        let line = GraphChange.dependencyAdded("Cart", dependency: long).description
        #expect(line == "~ Cart: needs " + String(repeating: "A", count: 1_000) + "…")
        // One letter with 100,000 combining marks is one character: cut by scalars all the same.
        let marks = "e" + String(repeating: "\u{301}", count: 100_000)
        #expect(GraphChange.serviceAdded(marks).description.unicodeScalars.count == 2 + 1_000 + 1)
        #expect(GraphChange.serviceAdded("A\u{2028}B").description == #"+ A\u{2028}B"#)
        // A name Graft writes itself is shown as it is.
        #expect(
            GraphChange.scopeChanged("Cart", from: .scope(.transient), to: .scope(.session)).description
                == "~ Cart: scope transient -> session (lives longer)")
    }

    @Test(
        "A scope change says lives longer or shorter by Scope's own order; a value made beforehand lives as a singleton"
    )
    func scopeOrder() {
        func line(_ from: String, _ to: String) -> String {
            GraphChange.scopeChanged("S", from: ServiceLifetime(from), to: ServiceLifetime(to)).description
        }
        #expect(line("transient", "instance") == "~ S: scope transient -> instance (lives longer)")
        #expect(line("instance", "singleton") == "~ S: scope instance -> singleton")
        #expect(line("singleton", "session") == "~ S: scope singleton -> session (lives shorter)")
        #expect(line("weak", "session") == "~ S: scope weak -> session (lives longer)")
        #expect(line("session", "forwards to Store") == "~ S: scope session -> forwards to Store (lives shorter)")
        for scope in [Scope.transient, .weak, .session, .resettable("cart"), .singleton, .eagerSingleton] {
            #expect(Scope(named: scope.description) == scope)
            #expect(ServiceLifetime(ServiceLifetime.scope(scope).description) == .scope(scope))
        }
    }
}
