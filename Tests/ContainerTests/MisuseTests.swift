import Container
import Testing

/// Misuse that cannot be reported by a thrown error stops the program with a message that
/// says what to do; these run in a child process and check that message.
@Suite("Misuse stops with a clear message")
struct MisuseTests {
    @Test("Binding after the injector is built")
    func bindAfterBuild() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            final class Escape: @unchecked Sendable { var binder: Binder? }  // single-threaded child process
            let escape = Escape()
            _ = try Injector(modules: [TestModule { escape.binder = $0 }])
            escape.binder?.bind(Clock.self, to: SystemClock.init)
        }
        let message = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(message.contains("bind(Clock) at ContainerTests/MisuseTests.swift:"))
        #expect(message.contains("came after its injector was built; the injector's bindings are frozen."))
        #expect(message.contains("fix: declare bindings inside Module.configure(_:)"))
    }

    @Test("Refining a binding after the injector is built")
    func refineAfterBuild() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            // Unchecked: the exit test's child process is single-threaded.
            final class Escape: @unchecked Sendable { var builder: BindingBuilder<any Clock>? }
            let escape = Escape()
            _ = try Injector(modules: [TestModule { escape.builder = $0.bind(Clock.self, to: SystemClock.init) }])
            escape.builder?.scope(.singleton)
        }
        let message = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(message.contains("scope(_:) on the binding of Clock declared at ContainerTests/MisuseTests.swift:"))
    }

    @Test("Resetting a scope that cannot be reset")
    func resetSingleton() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            try Injector(modules: []).reset(.singleton)
        }
        let message = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(message.contains("reset(.singleton) asks to empty a scope that cannot be reset"))
    }

    @Test("Reading an @Inject property with no default injector")
    func injectWithoutDefault() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = SettingsScreen().clock
        }
        let message = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(
            message.contains(
                """
                Fatal error: @Inject Clock (ContainerTests/InjectTests.swift:\(SettingsScreen.clockLine)) was read before any injector was set [G301]
                  fix: call Injector.setDefault(_:) at start-up, before any @Inject property is read; in a test, give the test its own injector (ContainerTesting's .injecting(from:) trait, or Injector.$current.withValue(_:operation:))
                """))
    }

    @Test("Reading an @Inject property whose type is not bound")
    func injectUnbound() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            Injector.setDefault(try Injector(modules: []))
            _ = SettingsScreen().clock
        }
        let message = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(
            message.contains(
                """
                Fatal error: @Inject Clock (ContainerTests/InjectTests.swift:\(SettingsScreen.clockLine)) could not be resolved [G302]:
                error: no binding for Clock [G201]
                  fix: bind Clock in one of the modules given to Injector(modules:)
                """))
    }
}
