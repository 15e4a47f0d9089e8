import Container
import Synchronization
import Testing

/// Records what happened, in order, across tasks.
final class Log: Sendable {
    private let lines = Mutex<[String]>([])
    func append(_ line: String) { lines.withLock { $0.append(line) } }
    var entries: [String] { lines.withLock { $0 } }
}

final class Catalog: Sendable {
    let warehouse: Warehouse
    init(warehouse: Warehouse) { self.warehouse = warehouse }
}

final class Pricing: Sendable {}

struct NotConcurrent: Error {}

@Suite("Parallel start-up")
struct StartUpTests {
    @Test("try await Injector builds eager singletons, asynchronous ones too, before it returns")
    func buildsEagerSingletons() async throws {
        let counter = Counter()
        let injector = try await Injector.start(modules: [
            TestModule { binder in
                binder.bind(Warehouse.self) { () async in await Warehouse.open(serial: counter.next()) }.scope(
                    .eagerSingleton)
                binder.bind(Pricing.self) {
                    counter.next()
                    return Pricing()
                }.scope(.eagerSingleton)
                binder.bind(Catalog.self, to: Catalog.init).scope(.eagerSingleton)
            }
        ])
        #expect(counter.value == 2)
        let catalog = try await injector.resolveAsync(Catalog.self)
        #expect(try await injector.resolveAsync(Warehouse.self) === catalog.warehouse)
        #expect(counter.value == 2)
        let profile = injector.startUpProfile
        #expect(
            profile.entries.map(\.key).sorted { $0.description < $1.description }
                == [.of(Catalog.self), .of(Pricing.self), .of(Warehouse.self)])
        #expect(profile.entries.first { $0.key == .of(Catalog.self) }?.after == [.of(Warehouse.self)])
        #expect(profile.description.hasPrefix("start-up: 3 eager singletons in "))
        #expect(profile.description.contains("  Catalog: "))
        #expect(profile.description.contains(", after Warehouse"))
        #expect(injector.explain(Catalog.self).description.contains("  start-up: built in "))
        #expect(injector.graph.nodes.first { $0.key == .of(Pricing.self) }?.startUpDuration != nil)
        #expect(injector.graph.nodes.first { $0.key == .of(Pricing.self) }.map { $0.startUpDuration! >= .zero } == true)
    }

    @Test("Two independent slow eager singletons overlap: each waits until the other has started")
    func independentOnesOverlap() async throws {
        let started = Log()
        @Sendable func start(_ name: String, waitingFor other: String) async throws {
            started.append(name)
            // Built one after the other, the first would wait here for ever: fail instead.
            guard try await eventually(within: .seconds(30), { started.entries.contains(other) }) else {
                throw NotConcurrent()
            }
        }
        let injector = try await Injector.start(modules: [
            TestModule { binder in
                binder.bind(Warehouse.self) { () async throws in
                    try await start("warehouse", waitingFor: "pricing")
                    return Warehouse(serial: 1)
                }.scope(.eagerSingleton)
                binder.bind(Pricing.self) { () async throws in
                    try await start("pricing", waitingFor: "warehouse")
                    return Pricing()
                }.scope(.eagerSingleton)
            }
        ])
        #expect(Set(started.entries) == ["warehouse", "pricing"])
        #expect(injector.startUpProfile.entries.count == 2)
    }

    @Test("An eager singleton starts only once the eager singletons it needs are built")
    func dependencyOrder() async throws {
        let log = Log()
        _ = try await Injector.start(modules: [
            TestModule { binder in
                binder.bind(Warehouse.self) { () async in
                    log.append("warehouse started")
                    await Task.yield()
                    log.append("warehouse built")
                    return Warehouse(serial: 1)
                }.scope(.eagerSingleton)
                binder.bind(Catalog.self) { (warehouse: Warehouse) in
                    log.append("catalog built")
                    return Catalog(warehouse: warehouse)
                }.scope(.eagerSingleton)
            }
        ])
        #expect(log.entries == ["warehouse started", "warehouse built", "catalog built"])
    }

    @Test("A failing eager singleton fails start-up with its error; nothing is left running")
    func failingStartUp() async throws {
        let error = await #expect(throws: ResolutionError.self) {
            _ = try await Injector.start(modules: [
                TestModule { binder in
                    binder.bind(Warehouse.self) { () async throws -> Warehouse in throw WarehouseFailed() }.scope(
                        .eagerSingleton)
                    binder.bind(Pricing.self, to: Pricing.init).scope(.eagerSingleton)
                }
            ])
        }
        #expect(error?.description.hasPrefix("error: the factory of Warehouse threw: the disk is full") == true)
    }

    @Test("The synchronous Injector(modules:) refuses asynchronous eager singletons and says how to build them")
    func synchronousStartRefused() throws {
        let error = #expect(throws: ResolutionError.self) {
            try makeInjector { binder in
                binder.bind(Warehouse.self) { () async in await Warehouse.open(serial: 1) }.scope(.eagerSingleton)
                binder.bind(Catalog.self, to: Catalog.init).scope(.eagerSingleton)
            }
        }
        #expect(
            error?.description == """
                error: Injector(modules:) and child(strict:_:) start synchronously, so they cannot build the asynchronous eager singletons Warehouse, Catalog [G212]
                  fix: build the injector with try await Injector.start(modules:), or the child with try await injector.startChild { ... }: they build eager singletons, asynchronous ones too, at start-up
                """)
    }

    @Test(
        "A child built with await builds the asynchronous eager singletons it keeps; the synchronous child refuses them"
    )
    func asynchronousChild() async throws {
        let opened = Mutex(0)
        let parent = try await Injector.start(modules: [
            TestModule { binder in
                binder.bind(Warehouse.self) { () async in
                    await Warehouse.open(
                        serial: opened.withLock {
                            $0 += 1
                            return $0
                        })
                }.scope(.eagerSingleton)
                binder.bind(Catalog.self, to: Catalog.init).scope(.eagerSingleton)
            }
        ])
        #expect(opened.withLock { $0 } == 1)
        // A test's own store, opened as the child is built; the catalogue that needs it is
        // rebuilt by the child, the parent's is untouched.
        let test = try await parent.startChild(strict: true) { binder in
            binder.bind(Warehouse.self) { () async in await Warehouse.open(serial: 99) }.scope(.eagerSingleton)
        }
        #expect(opened.withLock { $0 } == 1)
        #expect(try await test.resolveAsync(Catalog.self).warehouse.serial == 99)
        #expect(try await parent.resolveAsync(Catalog.self).warehouse.serial == 1)
        #expect(test.startUpProfile.entries.map(\.key.description).sorted() == ["Catalog", "Warehouse"])
        let error = #expect(throws: ResolutionError.self) { try Self.synchronousChild(of: parent) }
        guard case .asynchronousStart(let keys) = error?.reason else {
            Issue.record("wrong reason: \(String(describing: error))")
            return
        }
        #expect(keys.map(\.description) == ["Warehouse", "Catalog"])
    }

    /// The synchronous `child`, which an `async` function would not pick.
    private static func synchronousChild(of parent: Injector) throws -> Injector {
        try parent.child { binder in
            binder.bind(Warehouse.self) { () async in await Warehouse.open(serial: 7) }.scope(.eagerSingleton)
        }
    }

    @Test("The synchronous initializer records a start-up profile too")
    func synchronousProfile() throws {
        let injector = try makeInjector { binder in
            binder.bind(Pricing.self, to: Pricing.init).scope(.eagerSingleton)
        }
        #expect(injector.startUpProfile.entries.map(\.key) == [.of(Pricing.self)])
        #expect(injector.startUpProfile.description.hasPrefix("start-up: 1 eager singleton in "))
    }
}
