import Container
import Testing

/// A store with a named replica: the service of the selection whose comma this file checks.
private final class GapStore: Sendable {}

@Suite("Reading a version selection against a graph")
struct SelectionParsingTests {
    private let graph = Injector.graph(modules: [VersionedShop()])

    @Test("A version alone is the default, Service=version pins one service, and later entries win")
    func valid() throws {
        #expect(try VersionSelection(parsing: "v2", in: graph) == VersionSelection(default: "v2"))
        #expect(
            try VersionSelection(parsing: "v2,CartService=v1", in: graph)
                == VersionSelection(default: "v2", overrides: [.of((any CartService).self): "v1"]))
        #expect(
            try VersionSelection(parsing: "CartService=v1 v2.1 WishlistService=v2.1", in: graph)
                == VersionSelection(default: "v2.1", overrides: [.of((any WishlistService).self): "v2.1"]))
        #expect(
            try VersionSelection(parsing: "CartService=v2,CartService=v1", in: graph, default: "v1")
                == VersionSelection(default: "v1", overrides: [.of((any CartService).self): "v1"]))
        #expect(try VersionSelection(parsing: "CartService=v2", in: graph).defaultVersion == nil)
        #expect(
            try VersionSelection.Entry(parsing: "WishlistService=v2.1", in: graph)
                == .override(.of((any WishlistService).self), "v2.1"))
        // v2.0 is v2.
        #expect(try VersionSelection.Entry(parsing: "v2.0", in: graph) == .defaultVersion("v2.0"))
    }

    @Test(
        "Each malformed or unknown entry is a typed error that says what the graph has",
        arguments: [
            (
                "=v1", SelectionParseError.Reason.missingService,
                "'=v1': the service is missing before '='; write Service=version, such as CartService=v2 [G402]"
            ),
            (
                "CartService=", .missingVersion(known: ["v1", "v2", "v2.1"]),
                "'CartService=': the version is missing after '='; the versions are v1, v2, v2.1 [G403]"
            ),
            ("", .empty(known: ["v1", "v2", "v2.1"]), "'': no version; the versions are v1, v2, v2.1 [G401]"),
            (
                "2", .malformedVersion("2"),
                "'2': '2' is not a version; write a version such as v1, v2 or v2.1 ('v', then numbers separated by dots) [G404]"
            ),
            (
                "v3", .unknownVersion("v3", known: ["v1", "v2", "v2.1"]),
                "'v3': unknown version 'v3'; the versions are v1, v2, v2.1 [G405]"
            ),
            (
                "Cart=v1", .unknownService("Cart", known: ["CartService", "WishlistService"]),
                "'Cart=v1': unknown service 'Cart' (did you mean 'CartService'?); the services are CartService, WishlistService [G406]"
            ),
            (
                "Clock=v1", .unknownService("Clock", known: ["CartService", "WishlistService"]),
                "'Clock=v1': unknown service 'Clock'; the services are CartService, WishlistService [G406]"
            ),
            // Signed parts: Int("+1") reads 1 and Int("-2") reads -2, so each must be refused
            // before it is a number, or v+1 would be v1 and v1.-2 a version below it.
            (
                "v+1", .malformedVersion("v+1"),
                "'v+1': 'v+1' is not a version; write a version such as v1, v2 or v2.1 ('v', then numbers separated by dots) [G404]"
            ),
            (
                "v1.-2", .malformedVersion("v1.-2"),
                "'v1.-2': 'v1.-2' is not a version; write a version such as v1, v2 or v2.1 ('v', then numbers separated by dots) [G404]"
            ),
            (
                "v-1", .malformedVersion("v-1"),
                "'v-1': 'v-1' is not a version; write a version such as v1, v2 or v2.1 ('v', then numbers separated by dots) [G404]"
            ),
            (
                "CartService=v+2", .malformedVersion("v+2"),
                "'CartService=v+2': 'v+2' is not a version; write a version such as v1, v2 or v2.1 ('v', then numbers separated by dots) [G404]"
            ),
            // Other near misses: a capital V, no number, an empty part, a part that is no number.
            (
                "V1", .malformedVersion("V1"),
                "'V1': 'V1' is not a version; write a version such as v1, v2 or v2.1 ('v', then numbers separated by dots) [G404]"
            ),
            (
                "v", .malformedVersion("v"),
                "'v': 'v' is not a version; write a version such as v1, v2 or v2.1 ('v', then numbers separated by dots) [G404]"
            ),
            (
                "v2.", .malformedVersion("v2."),
                "'v2.': 'v2.' is not a version; write a version such as v1, v2 or v2.1 ('v', then numbers separated by dots) [G404]"
            ),
            (
                "v.1", .malformedVersion("v.1"),
                "'v.1': 'v.1' is not a version; write a version such as v1, v2 or v2.1 ('v', then numbers separated by dots) [G404]"
            ),
            (
                "v2..1", .malformedVersion("v2..1"),
                "'v2..1': 'v2..1' is not a version; write a version such as v1, v2 or v2.1 ('v', then numbers separated by dots) [G404]"
            ),
            (
                "v2.x", .malformedVersion("v2.x"),
                "'v2.x': 'v2.x' is not a version; write a version such as v1, v2 or v2.1 ('v', then numbers separated by dots) [G404]"
            ),
        ])
    func invalid(_ text: String, _ reason: SelectionParseError.Reason, _ description: String) {
        let error = #expect(throws: SelectionParseError.self) { try VersionSelection.Entry(parsing: text, in: graph) }
        #expect(error?.entry == text)
        #expect(error?.reason == reason)
        #expect(error?.description == description)
    }

    @Test("A service whose name has spaces, quotes, brackets or '=' is one entry, beside others")
    func namesWithSpaces() throws {
        let graph = Injector.graph(modules: [
            VersionedShop(),
            TestModule { binder in
                binder.bind(Clock.self, toInstance: FixedClock(now: 1)).named("replica").version("v1")
                binder.bind(Clock.self, toInstance: FixedClock(now: 2)).named("a=b, c").version("v2")
                binder.bind([String].self, toInstance: ["x"]).version("v1")
                binder.bind([String: Int].self, toInstance: ["k": 1]).version("v1")
            },
        ])
        #expect(
            try VersionSelection(parsing: #"v2 Clock named "replica"=v1,[String]=v1 [String: Int]=v1"#, in: graph)
                == VersionSelection(
                    default: "v2",
                    overrides: [
                        .of(Clock.self, named: "replica"): "v1", .of([String].self): "v1",
                        .of([String: Int].self): "v1",
                    ]))
        #expect(
            try VersionSelection(parsing: #"v2.1, Clock named "a=b, c"=v1"#, in: graph)
                == VersionSelection(default: "v2.1", overrides: [.of(Clock.self, named: "a=b, c"): "v1"]))
        let unknown = #expect(throws: SelectionParseError.self) {
            try VersionSelection(parsing: #"v2, Clock named "primary"=v1"#, in: graph)
        }
        #expect(unknown?.entry == #"Clock named "primary"=v1"#)
        let stray = #expect(throws: SelectionParseError.self) { try VersionSelection(parsing: "Cart, v2", in: graph) }
        #expect(stray?.entry == "Cart")
    }

    @Test("A comma ends an entry: a service's name never runs on across one")
    func commaEndsEntry() throws {
        let graph = Injector.graph(modules: [
            VersionedShop(),
            TestModule { binder in
                binder.bind(GapStore.self, toInstance: GapStore()).named("replica").version("v1")
            },
        ])
        // With a space, the words join into the name of the one service that has it.
        #expect(
            try VersionSelection(parsing: #"GapStore named "replica"=v1"#, in: graph).overrides == [
                .of(GapStore.self, named: "replica"): "v1"
            ])
        // With a comma, "GapStore" is an entry of its own, and no version.
        for text in [#"GapStore,named "replica"=v1"#, #"v2, GapStore,named "replica"=v1"#] {
            let error = #expect(throws: SelectionParseError.self) { try VersionSelection(parsing: text, in: graph) }
            #expect(error?.entry == "GapStore", "\(text)")
            #expect(error?.reason == .malformedVersion("GapStore"), "\(text)")
            #expect(
                error?.description
                    == "'GapStore': 'GapStore' is not a version; write a version such as v1, v2 or v2.1 ('v', then numbers separated by dots) [G404]",
                "\(text)")
        }
    }

    @Test("The whole selection stops at its first bad entry")
    func firstBadEntry() {
        let error = #expect(throws: SelectionParseError.self) {
            try VersionSelection(parsing: "v1,v9,Cart=v1", in: graph)
        }
        #expect(error?.entry == "v9")
    }
}
