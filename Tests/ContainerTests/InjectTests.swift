import Container
import Testing

final class SettingsScreen {
    @Inject var clock: any Clock
    @Inject(named: "title") var title: String
}

@Suite("@Inject and the default injector", .serialized)
struct InjectTests {
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
}
