@testable import App
import Foundation
import Testing

/// `graft explain SERVICE`, run through the built binary.
@Suite("graft explain")
struct ExplainTests {
    /// One home for these read-only cases: explain reads the graph, not the backend.
    static let graft = try! GraftProcess()

    @Test("Without --impl or GRAFT_IMPL, the app's build default serves, and explain says so")
    func buildDefault() async throws {
        // An empty GRAFT_IMPL selects nothing, so the build's default stands.
        let result = try await Self.graft.run("explain", "CartService", environment: ["GRAFT_IMPL": ""])
        #expect(result.status == 0, "\(result.error)")
        let generation = CompositionRoot.defaultGeneration
        let site = generation == "v2" ? "ImplV2/ImplV2Module.swift:30" : "ImplV1/ImplV1Module.swift:24"
        #expect(
            result.output == """
                CartService is served by the binding at \(site)
                  version: \(generation)
                  why: selected \(generation) (build default); bound in that version
                  scope: session
                  candidates: v1 (ImplV1/ImplV1Module.swift:24), v2 (ImplV2/ImplV2Module.swift:30)
                  needs: ServiceClient named "\(generation)", LoginStatusCenter, SessionStore, WallClock

                """)
    }

    @Test("A run-time selection is explained: the fallback to v1, and a service pinned by --impl")
    func runTimeSelection() async throws {
        let fallback = try await Self.graft.run("--impl", "v2", "explain", "ProductCatalog")
        #expect(fallback.status == 0)
        #expect(
            fallback.output.contains(
                "  version: v1\n  why: selected v2 (run-time default); no v2 binding, so the highest below it, v1\n"))
        let pinned = try await Self.graft.run("--impl", "CartService=v2", "explain", "CartService")
        #expect(
            pinned.output.hasPrefix(
                "CartService is served by the binding at ImplV2/ImplV2Module.swift:30\n  version: v2\n"
                    + "  why: selected v2 (run-time selection for CartService); bound in that version\n"))
        let other = try await Self.graft.run("--impl", "CartService=v2", "explain", "WishlistService")
        #expect(other.output.contains("  why: selected v1 (run-time default); bound in that version\n"))
        let unversioned = try await Self.graft.run("explain", "Transport")
        #expect(unversioned.output.contains("  why: bound without a version, so it serves every selection\n"))
    }

    @Test("The command line reference's explain example is what graft prints")
    func documentedExample() async throws {
        let expected = try Readme.example(after: "GRAFT_IMPL=v2 graft explain ProductCatalog")
        let result = try await Self.graft.run("explain", "ProductCatalog", environment: ["GRAFT_IMPL": "v2"])
        #expect(result.output.split(separator: "\n").map(String.init) == expected)
    }

    @Test(
        "The backend's file is the one asynchronous binding: opened at start-up, awaited by the server through AsyncLazy"
    )
    func asynchronousStorage() async throws {
        let storage = try await Self.graft.run("explain", "BackendStorage")
        #expect(storage.status == 0, "\(storage.error)")
        let lines = storage.output.split(separator: "\n").map(String.init)
        #expect(
            lines.first?.hasPrefix("BackendStorage is served by the binding at Backend/EmbeddedBackendModule.swift:")
                == true)
        #expect(lines.contains("  scope: eager singleton"))
        #expect(
            lines.contains { $0.contains(try! Regex(#"^  start-up: built in [0-9.]+ ms when the injector started$"#)) })
        #expect(lines.last == "  asynchronous: its factory is async; resolve it with try await")
        let server = try await Self.graft.run("explain", "EmbeddedServer")
        #expect(
            server.output.contains(
                "\n  needs: asyncLazy BackendStorage, BackendConfiguration, WallClock, [String: GenerationWire]\n"))
        #expect(!server.output.contains("asynchronous:"))
        let cart = try await Self.graft.run("--json", "explain", "CartService")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(cart.output.utf8)) as? [String: Any])
        let binding = try #require(document["binding"] as? [String: Any])
        #expect(binding["asynchronous"] as? Bool == false)
        let json = try await Self.graft.run("--json", "explain", "BackendStorage")
        let storageDocument = try #require(
            try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        let storageBinding = try #require(storageDocument["binding"] as? [String: Any])
        #expect(storageBinding["asynchronous"] as? Bool == true)
        #expect(storageBinding["liveOnly"] as? Bool == true)
        #expect(storageBinding["awaits"] is NSNull)
        // With --server there is no file: nothing is asynchronous.
        let remote = try await Self.graft.run("--server", "http://127.0.0.1:9", "explain", "BackendStorage")
        #expect(remote.status == 64)
    }

    @Test("--json prints the explanation as one document")
    func json() async throws {
        let result = try await Self.graft.run("--impl", "v2", "--json", "explain", "ProductCatalog")
        #expect(result.status == 0)
        #expect(result.output.split(separator: "\n").count == 1)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        #expect(document["command"] as? String == "explain")
        #expect(document["ok"] as? Bool == true)
        #expect(document["service"] as? String == "ProductCatalog")
        #expect(
            document["why"] as? String == "selected v2 (run-time default); no v2 binding, so the highest below it, v1")
        let binding = try #require(document["binding"] as? [String: Any])
        #expect(binding["site"] as? String == "ImplV1/ImplV1Module.swift:38")
        #expect(binding["version"] as? String == "v1")
        #expect(binding["fallbackFor"] as? String == "v2")
        #expect(binding["scope"] as? String == "transient")
        #expect(binding["decorators"] as? [String] == [])
        #expect(document["candidates"] as? [String] == ["v1 (ImplV1/ImplV1Module.swift:38)"])
        let needs = try #require(document["needs"] as? [[String: String]])
        #expect(
            needs == [
                ["service": "ServiceClient named \"v1\"", "kind": "direct"],
                ["service": "LoginStatusCenter", "kind": "direct"],
            ])
        #expect(document["items"] as? [String] == [])
        #expect(document["refused"] as? Bool == false)
    }

    @Test("An unknown service exits 64 with the services and the nearest one")
    func unknownService() async throws {
        // Under v1, so that the list does not depend on the build's default: PaymentService,
        // which v1 does not serve, comes last.
        let result = try await Self.graft.run("--impl", "v1", "explain", "Cart")
        #expect(result.status == 64)
        #expect(result.output.isEmpty)
        #expect(
            result.error == """
                Error: unknown service 'Cart'; the services are CustomerLogic, CartService, WishlistService, ProductCatalog, \
                GenerationWire named "v1", ServiceClient named "v1", Transport named "v2", ServiceClient named "v2", \
                GenerationWire named "v2", LoginStatusCenter, SessionScopeReset, RequestSigner, WallClock, \
                BackendStorage, BackendConfiguration, EmbeddedServer, RequestHandler, Transport, SessionStore, CustomerRecordStore, \
                [String: GenerationWire], [any LoginLink], [String: LoginWording], PaymentService
                Did you mean 'CartService'?
                Usage: graft explain SERVICE
                  See 'graft explain --help' for more information.

                """)
        let missing = try await Self.graft.run("explain")
        #expect(missing.status == 64)
        #expect(missing.error.hasPrefix("Error: missing SERVICE\nUsage: graft explain SERVICE\n"))
        let json = try await Self.graft.run("--json", "explain", "Cartservice")
        #expect(json.status == 64)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        #expect((document["error"] as? [String: Any])?["kind"] as? String == "usage")
        #expect(document["exitCode"] as? Int == 64)
    }
}
