import Backend
import Client
import Container
import Foundation
import ImplV1
import ImplV2
import Protocols
import Testing
import TestSupport

/// The README's composition example, as written there, so it keeps compiling and working.
@Suite("README application example")
struct ReadmeSnippetTests {
    struct MemoryStores: Module {
        func configure(_ binder: Binder) {
            binder.bind(SessionStore.self, toInstance: InMemorySessionStore())
            binder.bind(CustomerRecordStore.self, toInstance: InMemoryCustomerRecordStore())
        }
    }

    /// The example's lines as the README shows them, and as `snippet()` runs them.
    static let composition = """
        let injector = try await Injector.start(
            modules: [ImplV1Module(), ImplV2Module(), ClientModule(secret: BackendConfiguration.defaultClientSecret),
                      EmbeddedBackendModule(storage: InMemoryBackendStorage()), MemoryStores()],
            versions: VersionSelection(default: "v1", overrides: [.of((any CartService).self): "v2"]))
        let branches = LoginBranches(gesture: { _ in "1235" }, bindCard: { nil }, payPassword: { nil })
        """

    @Test("The README shows the composition example as the test runs it")
    func readmeShowsIt() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains(Self.composition))
    }

    @Test("The README's composition example runs")
    func snippet() async throws {
        let injector = try await Injector.start(
            modules: [
                ImplV1Module(), ImplV2Module(), ClientModule(secret: BackendConfiguration.defaultClientSecret),
                EmbeddedBackendModule(storage: InMemoryBackendStorage()), MemoryStores(),
            ],
            versions: VersionSelection(default: "v1", overrides: [.of((any CartService).self): "v2"]))
        let branches = LoginBranches(gesture: { _ in "1235" }, bindCard: { nil }, payPassword: { nil })
        let logic = try await injector.resolveAsync((any CustomerLogic).self)
        try await logic.requestSMSCode(mobile: "13800000001")
        let code = try #require(try await injector.resolveAsync(EmbeddedServer.self).latestSMSCode(for: "13800000001"))
        _ = try await logic.register(mobile: "13800000001", password: "correct horse", smsCode: code)
        let result = try await injector.resolveAsync((any CustomerLogic).self)
            .login(mobile: "13800000001", password: "correct horse", branches: branches)
        #expect(result.steps == [.loggedIn, .gesturePasswordCreated])
        #expect(try await injector.resolveAsync((any CartService).self) is CartServiceV2)
    }
}
