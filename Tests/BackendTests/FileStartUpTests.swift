import Backend
import Client
import Container
import Foundation
import ImplV1
import Protocols
import Testing
import TestSupport
import WireFormat

/// `EmbeddedBackendModule(file:)`: the backend's file is opened by the injector's start-up, an
/// eager singleton with an `async` factory, and the server awaits it through an `AsyncLazy`.
@Suite("Backend: the file opened at start-up")
final class FileStartUpTests {
    /// A folder of this test's own, removed when the test ends.
    private let folder = NSTemporaryDirectory() + "graft-startup-\(UUID().uuidString)"

    deinit {
        try? FileManager.default.removeItem(atPath: folder)
    }

    private func path() -> String {
        folder + "/backend.json"
    }

    /// The system's clock, live-only, as the client's module binds it: the server reads it; and
    /// V1's wire, as V1's module contributes it: the server serves it.
    private struct SystemClockModule: Module {
        func configure(_ binder: Binder) {
            binder.bind(WallClock.self, to: SystemWallClock.init).liveOnly()
            binder.contribute(GenerationWire.self, key: "v1") { GenerationWire.v1 }
        }
    }

    private func modules(_ path: String) -> [any Module] {
        [
            SystemClockModule(),
            EmbeddedBackendModule(file: path, configuration: BackendConfiguration(hashIterations: 1)),
        ]
    }

    @Test("try await Injector.start(modules:) opens the file; only the storage is asynchronous, and explain says why")
    func opened() async throws {
        let injector = try await Injector.start(modules: modules(path()))
        #expect(injector.startUpProfile.entries.map(\.key) == [.of((any BackendStorage).self)])
        let storage = try #require(injector.explain((any BackendStorage).self).binding)
        #expect(storage.isAsynchronous && storage.isLiveOnly && storage.scope == .eagerSingleton)
        #expect(
            injector.explain((any BackendStorage).self).description.contains(
                "\n  asynchronous: its factory is async; resolve it with try await"))
        let server = injector.explain(EmbeddedServer.self)
        #expect(server.binding?.isAsynchronous == false)
        #expect(
            server.dependencies.map { "\($0.kind.rawValue) \($0.to)" }
                == [
                    "asyncLazy BackendStorage", "direct BackendConfiguration", "direct WallClock",
                    "direct [String: GenerationWire]",
                ])
        #expect(injector.explain(Transport.self).binding?.isAsynchronous == false)
        let response = try await injector.resolveAsync(EmbeddedServer.self).handle(
            WireRequest(method: "GET", path: "/v1/products"))
        #expect(String(decoding: response.body, as: UTF8.self).contains(#""status":"000000""#))
    }

    @Test("A corrupt file fails the start-up with the file's own error, and is kept aside")
    func corrupt() async throws {
        let path = path()
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data("{not json".utf8).write(to: URL(fileURLWithPath: path))
        let error = try await #require(throws: ResolutionError.self) {
            try await Injector.start(modules: modules(path))
        }
        guard case .factoryFailed(let cause as LocalFileError) = error.reason, case .corrupt(_, let keptAt, _) = cause
        else {
            Issue.record("expected the file's LocalFileError, got \(error)")
            return
        }
        #expect(cause.path == path)
        #expect(FileManager.default.fileExists(atPath: keptAt))
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test("A strict child that does not replace the file refuses it, naming the binding")
    func strictChild() async throws {
        let injector = try await Injector.start(modules: modules(path()))
        let child = try await injector.startChild(strict: true) { binder in
            binder.bind(WallClock.self, toInstance: TestClock())
        }
        #expect(child.explain((any BackendStorage).self).isRefused)
        let site = try #require(child.explain((any BackendStorage).self).binding?.site)
        #expect(site.description.hasPrefix("Backend/EmbeddedBackendModule.swift:"))
        let server = try await child.resolveAsync(EmbeddedServer.self)
        let error = await #expect(throws: LocalFileError.self) {
            _ = try await server.latestSMSCode(for: "13800000001")
        }
        #expect(
            error?.description == """
                cannot use the embedded backend's storage: strict test injector refused live-only binding BackendStorage \
                (\(site)) [G204]
                  binding BackendStorage (\(site))
                  fix: override BackendStorage in the child injector, e.g. binder.bind(BackendStorage.self, toInstance: fake)
                """)
    }

    @Test("A server whose injector is gone says so on its first request, instead of opening nothing")
    func injectorReleased() async throws {
        let server = try await Injector.start(modules: modules(path())).resolve(EmbeddedServer.self)
        let error = await #expect(throws: LocalFileError.self) {
            _ = try await server.handle(WireRequest(method: "GET", path: "/v1/products"))
        }
        #expect(
            error?.description == """
                cannot use the embedded backend's storage: the injector that made this Provider<BackendStorage> or \
                Lazy<BackendStorage> no longer exists [G207]
                  fix: keep the injector alive as long as the objects it built use providers or lazy values
                """)
    }
}
