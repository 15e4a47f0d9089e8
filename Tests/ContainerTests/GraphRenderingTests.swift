import Container
import Foundation
import Testing

@Suite("Graph rendering")
struct GraphRenderingTests {
    private let file = "ContainerTests/GraphRenderingTests.swift"

    /// A small graph with a fallback version, a named binding, a provider edge and an unbound type.
    private func injector() throws -> Injector {
        try makeInjector(versions: .init(default: "v2"), validating: false) { binder in
            binder.bind(APIClient.self, to: APIClient.init).scope(.singleton)
            binder.bind(CartService.self, to: CartV1.init).version("v1")
            binder.bind(String.self) { (_: Provider<any CartService>) in "x" }.named(#"say "hi""#)
        }
    }

    @Test("Text lists each binding with version, fallback, scope and site, then its edges")
    func text() throws {
        #expect(
            try injector().graph.rendered(as: .text) == #"""
                dependency graph for versions v2: 3 bindings
                APIClient [singleton] ContainerTests/GraphRenderingTests.swift:12
                  -> Transport
                CartService [v1 (fallback for v2), transient] ContainerTests/GraphRenderingTests.swift:13
                  -> APIClient
                String named "say "hi"" [transient] ContainerTests/GraphRenderingTests.swift:14
                  -> CartService (provider)
                Transport [unbound]
                """#)
    }

    @Test("DOT is a digraph with escaped labels and dashed provider edges")
    func dot() throws {
        #expect(
            try injector().graph.rendered(as: .dot) == #"""
                digraph Graft {
                  rankdir=LR;
                  node [shape=box];
                  "APIClient" [label="APIClient\nsingleton"];
                  "CartService" [label="CartService\nv1 (fallback for v2), transient"];
                  "String named \"say \"hi\"\"" [label="String named \"say \"hi\"\"\ntransient"];
                  "Transport" [label="Transport\nunbound", color=red];
                  "APIClient" -> "Transport";
                  "CartService" -> "APIClient";
                  "String named \"say \"hi\"\"" -> "CartService" [style=dashed, label="provider"];
                }
                """#)
    }

    @Test("Mermaid is a flowchart with ids, escaped labels and dotted provider edges")
    func mermaid() throws {
        #expect(
            try injector().graph.rendered(as: .mermaid) == #"""
                graph LR
                  n0["APIClient<br/>singleton"]
                  n1["CartService<br/>v1 (fallback for v2), transient"]
                  n2["String named #quot;say #quot;hi#quot;#quot;<br/>transient"]
                  n3["Transport (unbound)"]
                  n0 --> n3
                  n1 --> n0
                  n2 -. provider .-> n1
                """#)
    }

    @Test("JSON round-trips through JSONSerialization with every field")
    func json() throws {
        let text = try injector().graph.rendered(as: .json)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let versions = try #require(object["versions"] as? [String: Any])
        #expect(versions["default"] as? String == "v2")
        let nodes = try #require(object["nodes"] as? [[String: Any]])
        #expect(nodes.map { $0["id"] as? String } == ["APIClient", "CartService", #"String named "say "hi"""#])
        #expect(nodes[1]["version"] as? String == "v1")
        #expect(nodes[1]["fallbackFor"] as? String == "v2")
        #expect(nodes[0]["scope"] as? String == "singleton")
        #expect(nodes[0]["version"] is NSNull)
        #expect(nodes[2]["name"] as? String == #"say "hi""#)
        #expect(nodes[0]["site"] as? String == "\(file):12")
        #expect(nodes[0]["liveOnly"] as? Bool == false)
        let edges = try #require(object["edges"] as? [[String: String]])
        #expect(
            edges == [
                ["from": "APIClient", "to": "Transport", "kind": "direct"],
                ["from": "CartService", "to": "APIClient", "kind": "direct"],
                ["from": #"String named "say "hi"""#, "to": "CartService", "kind": "provider"],
            ])
        #expect(object["unbound"] as? [String] == ["Transport"])
        #expect(object["absent"] as? [String] == [])
        #expect(nodes[0]["arguments"] is NSNull)
        #expect(nodes[0]["forwardsTo"] is NSNull)
        #expect(nodes[0]["opaque"] as? Bool == false)
    }

    @Test("JSON gives a binding's run-time arguments, a factory edge's, what a type forwards to, and absent optionals")
    func jsonNewFields() throws {
        let text = try makeInjector { binder in
            binder.bind(String.self, arguments: Int.self) { (count: Int) in String(repeating: "x", count: count) }
            binder.bind(Int.self, toInstance: 1).implements((any CustomStringConvertible & Sendable).self) { $0 }
            binder.bind(Bool.self) { (_: Factory<Int, String>, _: (any Clock)?) in true }
        }.graph.rendered(as: .json)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let nodes = try #require(object["nodes"] as? [[String: Any]])
        #expect(nodes[0]["arguments"] as? [String] == ["Int"])
        #expect(nodes[2]["forwardsTo"] as? String == "Int")
        let edges = try #require(object["edges"] as? [[String: Any]])
        #expect(edges[1]["kind"] as? String == "factory")
        #expect(edges[1]["arguments"] as? [String] == ["Int"])
        #expect(edges[2]["kind"] as? String == "optional")
        #expect(edges[2]["arguments"] == nil)
        #expect(object["absent"] as? [String] == ["Clock"])
    }

    @Test("JSON escapes control characters")
    func jsonControlCharacters() throws {
        let graph = try makeInjector { binder in
            binder.bind(String.self, toInstance: "x").named("tab\there\u{1}")
        }.graph
        let text = graph.rendered(as: .json)
        #expect(text.contains(#""name":"tab\there\u0001""#))
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        let nodes = object?["nodes"] as? [[String: Any]]
        #expect(nodes?.first?["name"] as? String == "tab\there\u{1}")
    }

    @Test("Every format is available by name")
    func formats() {
        #expect(DependencyGraph.Format.allCases.map(\.rawValue) == ["text", "dot", "mermaid", "json"])
    }
}
