@testable import App
import Backend
import Container
import Foundation
import Protocols
import Synchronization
import TestSupport

/// `graft`'s own graph for a command line, exactly as ``CompositionRoot`` composes it, with a
/// strict child that replaces every live-only binding by one in memory: what in-process tests
/// resolve from. The production wiring is what they test, and a test that would touch the
/// world — a file, the network, the clock, the console — fails instead.
///
/// The replacements are in ``Replacements``; `LiveOnlyTests` fails when the root gains a
/// live-only binding that they do not replace.
final class TestComposition: Sendable {
    let settings: Settings
    /// `graft`'s injector for `settings`, as the CLI builds it (its start-up opens the home's
    /// `backend.json`, in a folder of its own).
    let root: Injector
    /// The strict child of ``root`` that tests resolve from.
    let injector: Injector
    /// The business services, built at each call. A composition outlives the sessions a test
    /// runs through it, and the cart and the wishlist are `.session`-scoped: holding one session's
    /// instance would go on using what the container dropped at logout, so it holds providers, as
    /// any long-lived holder of a session-bound service should (`SessionScopeTests`).
    let logic: Provider<any CustomerLogic>
    let cart: Provider<any CartService>
    let wishlist: Provider<any WishlistService>
    /// The time for the client and the embedded server alike.
    let clock = TestClock()
    /// The embedded backend's state, or the state of the server behind `--server`.
    let storage = InMemoryBackendStorage()
    /// What `--trace` printed, one line each.
    var traced: [String] { trace.lines.withLock { $0 } }
    private let trace = Trace()

    private final class Trace: Sendable {
        let lines = Mutex<[String]>([])
    }

    /// Composes `graft`'s graph for `arguments` (global options such as `--impl v2`,
    /// `--server URL` or `--trace`), in a new home folder.
    init(_ arguments: [String] = []) async throws {
        let home = NSTemporaryDirectory() + "graft-composition-\(UUID().uuidString)"
        var settings = try Settings(ArgumentParser.parse(["--home", home] + arguments + ["status"]), environment: [:])
        let trace = trace
        if arguments.contains("--trace") {
            settings.tracer = Tracer { line in trace.lines.withLock { $0.append(line) } }
        }
        self.settings = settings
        root = try await CompositionRoot.injector(settings)
        let replacements = Replacements(clock: clock, storage: storage, tracer: settings.tracer)
        let injector = try await root.startChild(modules: [replacements], strict: true)
        self.injector = injector
        logic = try await injector.resolveAsync(Provider<any CustomerLogic>.self)
        cart = try await injector.resolveAsync(Provider<any CartService>.self)
        wishlist = try await injector.resolveAsync(Provider<any WishlistService>.self)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: settings.home)
    }

    /// An in-memory stand-in for each live-only binding of ``CompositionRoot``, whatever the
    /// settings: where the root does not bind one of them, the child just has one binding more.
    private struct Replacements: Module {
        let clock: TestClock
        let storage: InMemoryBackendStorage
        let tracer: Tracer?

        func configure(_ binder: Binder) {
            MemoryStoresModule().configure(binder)
            binder.bind(WallClock.self, toInstance: clock)
            // The embedded backend on memory, with one hashing round instead of 10,000 (these
            // tests run on the threads other suites need); with `--server URL`, it is the server
            // behind the URL, reached in process instead of over HTTP.
            EmbeddedBackendModule(storage: storage, configuration: BackendConfiguration(hashIterations: 1)).configure(
                binder)
            // The settings' tracer already writes to memory (``traced``); bound here so that the
            // strict child builds it.
            if let tracer { binder.bind(Tracer.self, toInstance: tracer) }
        }
    }

}
