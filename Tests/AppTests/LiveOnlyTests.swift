@testable import App
import Backend
import Container
import Foundation
import ImplV2
import Protocols
import TestSupport
import Testing
import WireFormat

/// Everything `graft` binds that touches the world is live-only, and ``TestComposition``
/// replaces each one: a binding added to the composition root without a replacement fails here
/// rather than letting an in-process test reach a file, the network, the clock or the console.
@Suite("Live-only bindings", .serialized)
struct LiveOnlyTests {
    /// The command lines that change what the root binds: the embedded backend or a server over
    /// HTTP, with or without `--trace`, in each generation.
    static let configurations: [[String]] = ["v1", "v2"].flatMap { impl in
        [["--impl", impl], ["--impl", impl, "--trace"], ["--impl", impl, "--server", "http://127.0.0.1:9"]]
    }

    private func liveOnly(_ injector: Injector) -> [String] {
        injector.graph.nodes.filter(\.isLiveOnly).map(\.key.description).sorted()
    }

    @Test(
        "The root's live-only bindings are the files, the clock, the console and the network", arguments: configurations
    )
    func root(arguments: [String]) async throws {
        let composition = try await TestComposition(arguments)
        var expected = ["CustomerRecordStore", "SessionStore", "WallClock"]
        expected += arguments.contains("--server") ? ["Transport"] : ["BackendStorage"]
        if arguments.contains("--trace") { expected.append("Tracer") }
        #expect(liveOnly(composition.root) == expected.sorted())
    }

    @Test("The test composition's strict child replaces every one of them", arguments: configurations)
    func replaced(arguments: [String]) async throws {
        let composition = try await TestComposition(arguments)
        let refused = composition.injector.graph.nodes.filter { $0.isLiveOnly && !$0.isOverridden }
        #expect(
            refused.isEmpty,
            """
            live-only and not replaced in TestComposition: \(refused.map { "\($0.key) (\($0.site))" }.joined(separator: ", ")); \
            bind an in-memory stand-in in TestComposition.Replacements
            """)
        #expect(liveOnly(composition.injector).isEmpty)
    }

    @Test("Through the strict child, a whole session runs in memory: nothing is written under the home folder")
    func inMemory() async throws {
        let composition = try await TestComposition(["--impl", "v2", "--trace"])
        try await composition.injector.registerCustomer("13800000001", password: "correct horse")
        _ = try await composition.logic().login(
            mobile: "13800000001", password: "correct horse",
            branches: .answering(gesture: "1235")
                .answering(.bindCard, with: BankCard(number: "4242424242424242", holder: "Ada"))
                .answering(.setPayPassword, with: "123456"))
        _ = try await composition.cart().add(productID: "p7", quantity: 2)
        #expect(try await composition.cart().cart().lines.map(\.productID) == ["p7"])
        #expect(try await composition.injector.resolveAsync(SessionStore.self).load()?.mobile == "13800000001")
        #expect(
            composition.traced.map { $0.prefix(while: { $0 != "(" }) } == [
                "trace: CustomerLogic.requestSMSCode", "trace: CustomerLogic.register", "trace: CustomerLogic.login",
                "trace: CartService.add", "trace: CartService.cart",
            ])
        // The root opened backend.json at start-up (a read: it creates the lock file, no data);
        // everything else stayed in memory.
        let files = try FileManager.default.contentsOfDirectory(atPath: composition.settings.home)
        #expect(files == ["backend.json.lock"])
    }

    @Test("A strict child that forgets a replacement fails with the binding's name instead of touching the world")
    func forgotten() async throws {
        let composition = try await TestComposition(["--impl", "v1"])
        let child = try await composition.root.startChild(strict: true) { binder in
            binder.bind(WallClock.self, toInstance: composition.clock)
        }
        let error = #expect(throws: ResolutionError.self) { _ = try child.resolve(SessionStore.self) }
        #expect(
            error?.description.hasPrefix(
                "error: strict test injector refused live-only binding SessionStore (App/CompositionRoot.swift:")
                == true)
    }
}
