import Container
import ContainerTesting
import Testing

@Suite(
    "A suite's trait gives each of its tests a child of its own",
    .injecting(from: TestApp.injector) { binder in
        binder.bind(Transport.self, to: RecordingTransport.init).scope(.singleton)
    })
struct SuiteTraitTests {
    @Inject var api: APIClient

    @Test("A test of the suite resolves the suite's fake, through @Inject too")
    func first() throws {
        let fake = try currentFake()
        #expect(api.transport === fake)
        #expect(Fakes.claim(fake))
    }

    @Test("Another test of the suite gets another fake")
    func second() throws {
        let fake = try currentFake()
        #expect(api.transport === fake)
        #expect(Fakes.claim(fake))
    }

    @Test(
        "A test's own trait adds its bindings to the suite's",
        .injecting { binder in
            binder.bind(Clock.self, toInstance: FixedClock(hour: 23))
        })
    func testTraitAddsToSuite() throws {
        #expect(Screen().clock.hour == 23)
        #expect(Screen().api.transport is RecordingTransport)
    }

    @Test("The child is strict: a live-only binding the test did not override is refused")
    func strict() throws {
        let injector = try #require(Injector.current)
        #expect(throws: ResolutionError.self) { try injector.resolve(Clock.self) }
    }

    @Test(
        "A @MainActor test runs with the test's injector",
        .injecting { binder in
            binder.bind(Clock.self, toInstance: FixedClock(hour: 7))
        })
    @MainActor func onMainActor() async throws {
        MainActor.assertIsolated()
        await Task.yield()
        #expect(Screen().clock.hour == 7)
        #expect(try currentFake() === Screen().api.transport)
    }

    @Test("An async test and the tasks it starts see the test's injector")
    func asynchronous() async throws {
        let fake = try currentFake()
        async let fromChildTask = Screen().api.transport
        let fromGroup = await withTaskGroup(of: (any Transport).self) { group in
            group.addTask { Screen().api.transport }
            return await group.next()!
        }
        #expect(await fromChildTask === fake)
        #expect(fromGroup === fake)
    }

    @Suite("A suite nested in it")
    struct Nested {
        @Test("A test of a nested suite gets a child of its own too")
        func nested() throws {
            let fake = try currentFake()
            #expect(Screen().api.transport === fake)
            #expect(Fakes.claim(fake))
        }
    }
}

@Suite("Without a trait")
struct WithoutTraitTests {
    @Test("A test without a trait has no current injector")
    func noCurrent() {
        #expect(Injector.current == nil)
    }

    @Test(
        "A test with a trait derived from modules sees their bindings",
        .injecting(from: TestApp.injector, modules: [FakeNetwork()]))
    func modules() throws {
        #expect(Screen().api.transport.name == "recording")
    }

    @Test(
        "A test's asynchronous eager singleton is built before the test runs",
        .injecting(from: TestApp.injector) { binder in
            binder.bind(Warmed.self) { () async in Warmed() }.scope(.eagerSingleton)
        })
    func asynchronousEagerSingleton() async throws {
        let injector = try #require(Injector.current)
        #expect(injector.startUpProfile.entries.map(\.key) == [.of(Warmed.self)])
        _ = try await injector.resolveAsync(Warmed.self)
    }

    @Test(
        "strict: false lets a test use live-only bindings it did not override",
        .injecting(from: TestApp.injector, strict: false))
    func notStrict() {
        #expect(Screen().clock.hour == 12)
    }
}

/// Made by an asynchronous factory.
final class Warmed: Sendable {}

struct FakeNetwork: Module {
    func configure(_ binder: Binder) {
        binder.bind(Transport.self, to: RecordingTransport.init)
    }
}
