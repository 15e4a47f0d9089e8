import Container
import ContainerTesting
import Testing

/// Two generations of the transport over one singleton, to tell which selection a test runs
/// under and whether its tests share the injector built for it.
struct VersionedApp: Module {
    func configure(_ binder: Binder) {
        binder.bind(Transport.self, to: LiveTransport.init).version("v1")
        binder.bind(Transport.self, to: RecordingTransport.init).version("v2")
        binder.bind(Warmed.self, to: Warmed.init).scope(.singleton)
        binder.bind(Clock.self, to: SystemClock.init).liveOnly()
    }
}

@Suite(
    "A trait runs its tests under the version selection it is given",
    .injecting(from: [VersionedApp()], versions: VersionSelection(default: "v1")) { binder in
        binder.bind(Clock.self, toInstance: FixedClock(hour: 6))
    })
struct VersionSelectionTraitTests {
    @Test("The test's injector serves v1, with the trait's bindings, strict")
    func servesTheSelection() throws {
        let injector = try #require(Injector.current)
        #expect(injector.versions == VersionSelection(default: "v1"))
        #expect(try injector.resolve(Transport.self) is LiveTransport)
        #expect(Screen().clock.hour == 6)
    }

    @Test(
        "A test's own trait adds to it",
        .injecting { binder in binder.bind(Clock.self, toInstance: FixedClock(hour: 7)) })
    func testTraitAddsToIt() throws {
        #expect(try #require(Injector.current).resolve(Transport.self) is LiveTransport)
        #expect(Screen().clock.hour == 7)
    }
}

@Suite("The injector a version-selection trait builds")
struct SharedSelectionInjectorTests {
    @Test("The injector is built once for every test of the trait; each test gets its own child of it")
    func builtOnce() async throws {
        let test = try #require(Test.current)
        let trait: InjectorTrait = .injecting(from: [VersionedApp()], versions: VersionSelection(default: "v2"))
        let seen = Locked<[(injector: Injector, warmed: Warmed, transport: String)]>([])
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    try await trait.provideScope(for: test, testCase: nil) {
                        let injector = try #require(Injector.current)
                        let warmed = try injector.resolve(Warmed.self)
                        let transport = try injector.resolve(Transport.self).name
                        seen.withLock { $0.append((injector, warmed, transport)) }
                    }
                }
            }
            try await group.waitForAll()
        }
        let runs = seen.current
        #expect(runs.count == 8)
        #expect(Set(runs.map { ObjectIdentifier($0.injector) }).count == 8)
        #expect(Set(runs.map { ObjectIdentifier($0.warmed) }).count == 1)
        #expect(runs.allSatisfy { $0.transport == "recording" })
    }
}

/// An app whose store opens asynchronously at start-up, so only `Injector.start` builds it.
struct StartedApp: Module {
    func configure(_ binder: Binder) {
        binder.bind(Warmed.self) { () async in Warmed() }.scope(.eagerSingleton)
        binder.bind(Transport.self, to: LiveTransport.init).liveOnly()
    }
}

@Suite(
    "A trait given the modules of an app that needs Injector.start starts it",
    .injecting(from: [StartedApp()]) { binder in binder.bind(Transport.self, to: RecordingTransport.init) })
struct StartedAppTraitTests {
    @Test("Its asynchronous eager singleton is one instance, and the test's fake serves")
    func started() async throws {
        let injector = try #require(Injector.current)
        #expect(injector.versions == .latest)
        #expect(try injector.resolve(Transport.self) is RecordingTransport)
        let first = try await injector.resolveAsync(Warmed.self)
        #expect(try await injector.resolveAsync(Warmed.self) === first)
    }
}

/// A store that opens for real, counting how often it does.
final class OpenedStore: Sendable {
    static let opened = Locked(0)
    let isFake: Bool
    init(fake: Bool) { isFake = fake }
    static func open() async -> OpenedStore {
        opened.withLock { $0 += 1 }
        return OpenedStore(fake: false)
    }
}

/// Built at start-up from the store: what a strict test's child builds again from its fake.
final class Catalog: Sendable {
    let store: OpenedStore
    init(store: OpenedStore) { self.store = store }
}

/// An app whose live store opens at start-up, with an eager catalog that needs it.
struct StoreApp: Module {
    func configure(_ binder: Binder) {
        binder.bind(OpenedStore.self) { () async in await OpenedStore.open() }.scope(.eagerSingleton).liveOnly()
        binder.bind(Catalog.self, to: Catalog.init).scope(.eagerSingleton)
        binder.bind(Warmed.self) { () async in Warmed() }.scope(.eagerSingleton)
    }
}

@Suite(
    "A strict trait over an app's modules never opens the live store its tests replace",
    .injecting(from: [StoreApp()]) { binder in binder.bind(OpenedStore.self, toInstance: OpenedStore(fake: true)) })
struct LiveStoreTraitTests {
    @Test("The catalog is built from the test's fake, and nothing opened the real store", arguments: 1...3)
    func neverOpened(_ run: Int) async throws {
        let injector = try #require(Injector.current)
        #expect(try await injector.resolveAsync(Catalog.self).store.isFake)
        #expect(try await injector.resolveAsync(Warmed.self) === (try await injector.resolveAsync(Warmed.self)))
        #expect(OpenedStore.opened.current == 0)
    }
}
