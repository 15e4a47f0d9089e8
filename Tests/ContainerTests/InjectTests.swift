import Container
import Testing

final class SettingsScreen {
    /// The line of `clock`'s declaration, which errors about it name.
    static let clockLine = #line + 1
    @Inject var clock: any Clock
    /// The line of `title`'s declaration.
    static let titleLine = #line + 1
    @Inject(named: "title") var title: String
}

/// A screen whose clock's binding reads the screen's own clock: a cycle through the property.
struct CyclingScreen {
    /// The line of `clock`'s declaration.
    static let clockLine = #line + 1
    @Inject var clock: any Clock
}

@Suite("@Inject and the default injector", .serialized)
struct InjectTests {
    @Test("The Diagnostics article's examples of @Inject errors are what a read reports")
    func diagnosticsArticle() throws {
        Injector.setDefault(nil)
        let examples = try DiagnosticExamples.injectErrors()
        #expect(examples.map(\.0.code) == ["G301", "G302"])
        try DiagnosticsArticleTests.check(examples)
    }

    @Test(
        "A cycle through an @Inject property is the injector's cycle error, with its path, not a deadlock",
        arguments: [Scope.transient, .singleton])
    func cycleThroughProperty(scope: Scope) throws {
        let screen = CyclingScreen()
        let injector = try makeInjector { binder in
            binder.bind(Clock.self) { () throws -> any Clock in
                _ = try screen.$clock.get()
                return FixedClock(now: 1)
            }.scope(scope)
        }
        Injector.setDefault(injector)
        defer { Injector.setDefault(nil) }
        let error = #expect(throws: InjectError.self) { try screen.$clock.get() }
        guard case .unresolvable(let resolution) = error?.reason, case .cycle(let loop) = resolution.reason else {
            Issue.record("expected the cycle, got \(String(describing: error))")
            return
        }
        #expect(loop == [.of((any Clock).self), .of((any Clock).self)])
        #expect(resolution.path.map(\.key) == [.of((any Clock).self)])
        #expect(
            String(describing: error!) == """
                @Inject Clock (ContainerTests/InjectTests.swift:\(CyclingScreen.clockLine)) could not be resolved [G302]:
                error: dependency cycle while building Clock: Clock -> Clock [G203]
                  binding Clock (\(try #require(injector.explain(Clock.self).binding?.site)))
                  fix: an initializer must not call get() on a Provider, or read a Lazy value or an @Inject property, that leads back to itself; defer the read until after initialization
                """)
        // Nothing was kept, and the property can be read again once the graph is mended.
        let mended = try makeInjector { binder in binder.bind(Clock.self) { FixedClock(now: 2) } }
        Injector.setDefault(mended)
        #expect(try screen.$clock.get().now == 2)
    }

    @Test("@Inject resolves from the default injector on first read and keeps the instance")
    func resolvesLazily() throws {
        let counter = Counter()
        let injector = try makeInjector { binder in
            binder.bind(Clock.self) { FixedClock(now: counter.next()) }
            binder.bind(String.self, toInstance: "Settings").named("title")
        }
        Injector.setDefault(injector)
        defer { Injector.setDefault(nil) }
        let screen = SettingsScreen()
        #expect(counter.value == 0)
        #expect(screen.clock.now == 1)
        #expect(screen.clock.now == 1)
        #expect(screen.title == "Settings")
        #expect(counter.value == 1)
    }

    @Test("A test can swap in a child injector as the default")
    func swapDefault() throws {
        let injector = try makeInjector { binder in
            binder.bind(Clock.self, to: SystemClock.init)
            binder.bind(String.self, toInstance: "Settings").named("title")
        }
        let test = try injector.child { binder in binder.bind(Clock.self, toInstance: FixedClock(now: 9)) }
        Injector.setDefault(test)
        defer { Injector.setDefault(nil) }
        #expect(Injector.default === test)
        #expect(SettingsScreen().clock.now == 9)
    }

    @Test("The Bindings article's start-up sets the default that @Inject reads")
    func articleStartUp() throws {
        let injector = try Injector(modules: [NetworkModule(), ShopV2Module()])
        startApp(injector)
        defer { Injector.setDefault(nil) }
        #expect(Injector.default === injector)
        #expect(CartBadge().cart.version == "v2")
    }

    @Test("The task's current injector wins over the process default, for that task and its children only")
    func currentWinsOverDefault() async throws {
        let injector = try makeInjector { binder in
            binder.bind(Clock.self, toInstance: FixedClock(now: 1))
            binder.bind(String.self, toInstance: "Settings").named("title")
        }
        let test = try injector.child { binder in binder.bind(Clock.self, toInstance: FixedClock(now: 2)) }
        Injector.setDefault(injector)
        defer { Injector.setDefault(nil) }
        #expect(Injector.current == nil)
        await Injector.$current.withValue(test) {
            #expect(Injector.default === test)
            #expect(SettingsScreen().clock.now == 2)
            async let fromChildTask = SettingsScreen().clock.now
            #expect(await fromChildTask == 2)
        }
        #expect(Injector.default === injector)
        #expect(SettingsScreen().clock.now == 1)
    }

    @Test("The projected value hands over the error a plain read would stop with, then the kept instance")
    func projectedValue() throws {
        let screen = SettingsScreen()
        #expect(Injector.default == nil)
        guard case .failure(let missing) = screen.$clock, case .noInjector = missing.reason else {
            Issue.record("expected no injector, got \(screen.$clock)")
            return
        }
        #expect(missing.key == .of((any Clock).self))
        #expect(
            missing.site == DeclarationSite(fileID: "ContainerTests/InjectTests.swift", line: SettingsScreen.clockLine))
        #expect(throws: InjectError.self) { try screen.$clock.get() }

        let counter = Counter()
        let injector = try makeInjector { binder in
            binder.bind(Clock.self) { FixedClock(now: counter.next()) }
        }
        try Injector.$current.withValue(injector) { () throws in
            #expect(try screen.$clock.get().now == 1)
            #expect(screen.clock.now == 1)
            #expect(try screen.$clock.get().now == 1)
            #expect(counter.value == 1)

            guard case .failure(let unbound) = screen.$title, case .unresolvable(let error) = unbound.reason else {
                Issue.record("expected an unresolvable title, got \(screen.$title)")
                return
            }
            guard case .noBinding = error.reason else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(unbound.key == .of(String.self, named: "title"))
            #expect(
                unbound.description == """
                    @Inject String named "title" (ContainerTests/InjectTests.swift:\(SettingsScreen.titleLine)) could not be resolved [G302]:
                    error: no binding for String named "title" [G201]
                      fix: bind String named "title" in one of the modules given to Injector(modules:)
                    """)
        }
    }
}
