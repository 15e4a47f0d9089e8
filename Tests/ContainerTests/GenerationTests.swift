import Container
import Foundation
import Testing

// A notes app that evolves by generations: v1 keeps notes in memory, v2 keeps them in files
// and adds cloud backup and analytics, v3 retires the legacy sync that v1 and v2 had.
private protocol NoteStore: Sendable { var kind: String { get } }
private protocol CloudBackup: Sendable { var store: any NoteStore { get } }
private protocol Analytics: Sendable {}
private protocol LegacySync: Sendable {}

private final class MemoryStore: NoteStore { let kind = "memory" }
private final class FileStore: NoteStore { let kind = "file" }
private final class Backup: CloudBackup {
    let store: any NoteStore
    init(store: any NoteStore) { self.store = store }
}
private final class ConsoleAnalytics: Analytics {}
private final class Sync: LegacySync {}

/// What the app's screens are built from: analytics and sync only where the generation has them.
private final class NotesScreen: Sendable {
    let store: any NoteStore
    let analytics: (any Analytics)?
    let sync: (any LegacySync)?
    init(store: any NoteStore, analytics: (any Analytics)?, sync: (any LegacySync)?) {
        self.store = store
        self.analytics = analytics
        self.sync = sync
    }
}

private struct NotesV1: Module {
    var screenScope = Scope.transient
    func configure(_ binder: Binder) {
        binder.bind(NoteStore.self, to: MemoryStore.init).version("v1")
        binder.bind(LegacySync.self, to: Sync.init).version("v1")
        binder.bind(NotesScreen.self, to: NotesScreen.init).scope(screenScope)
    }
}

private struct NotesV2: Module {
    func configure(_ binder: Binder) {
        binder.bind(NoteStore.self, to: FileStore.init).version("v2").scope(.singleton)
        binder.bind(CloudBackup.self, to: Backup.init).version("v2")
        binder.bind(Analytics.self, to: ConsoleAnalytics.init).version("v2").scope(.singleton)
    }
}

private struct NotesV3: Module {
    func configure(_ binder: Binder) {
        binder.retire(LegacySync.self, from: "v3")
    }
}

private func notes(
    _ version: String?, screenScope: Scope = .transient, overrides: [ServiceKey: String] = [:],
    extra: @escaping @Sendable (Binder) -> Void = { _ in }
) throws -> Injector {
    let versions = version.map { VersionSelection(default: $0, overrides: overrides) } ?? .latest
    return try Injector(
        modules: [NotesV1(screenScope: screenScope), NotesV2(), NotesV3(), TestModule(extra)],
        versions: versions)
}

@Suite("Generations: services a version adds or retires")
struct GenerationTests {
    @Test("A service only v2 adds is not served under v1, and the v1 graph builds and resolves")
    func addedService() throws {
        let v1 = try notes("v1")
        #expect(try v1.resolve((any NoteStore).self).kind == "memory")
        let error = #expect(throws: ResolutionError.self) { try v1.resolve((any CloudBackup).self) }
        guard case .notServed(let missing) = error?.reason else {
            Issue.record("expected .notServed, got \(String(describing: error?.reason))")
            return
        }
        #expect(missing.selectedVersion == "v1")
        #expect(missing.why.hasPrefix("bound only in v2 (ContainerTests/GenerationTests.swift:"))
        #expect(v1.graph.notServed.map(\.key) == [.of((any Analytics).self), .of((any CloudBackup).self)])
        #expect(
            v1.explain((any CloudBackup).self).reason.hasPrefix(
                "not served under v1 (run-time default): bound only in v2 ("))
        #expect(v1.explain((any CloudBackup).self).candidates.map(\.version) == ["v2"])

        let v2 = try notes("v2")
        #expect(try v2.resolve((any CloudBackup).self).store.kind == "file")
        #expect(v2.graph.notServed.isEmpty)
    }

    @Test("An optional dependency on a type not served gets nil, in every scope of the dependant")
    func optionalGetsNil() throws {
        for scope in [Scope.transient, .singleton, .eagerSingleton, .weak, .session] {
            let v1 = try notes("v1", screenScope: scope)
            let screen = try v1.resolve(NotesScreen.self)
            #expect(screen.analytics == nil, "scope \(scope)")
            #expect(screen.sync != nil, "scope \(scope)")
            #expect(try v1.resolve((any Analytics)?.self) == nil)
            let v2 = try notes("v2", screenScope: scope)
            #expect(try v2.resolve(NotesScreen.self).analytics != nil, "scope \(scope)")
        }
    }

    @Test(
        "A per-service selection of an earlier version makes an added service not served, and its dependants' optionals nil"
    )
    func perServiceSelection() throws {
        let injector = try notes("v2", overrides: [.of((any Analytics).self): "v1"])
        let screen = try injector.resolve(NotesScreen.self)
        #expect(screen.analytics == nil)
        #expect(screen.store.kind == "file")
        #expect(injector.graph.notServed.map(\.origin) == [.override(.of((any Analytics).self))])
    }

    @Test("Provider, Lazy, Factory and direct dependencies on a type not served are problems of the dependant")
    func requiredDependencies() throws {
        let found = try problems(versions: .init(default: "v1")) { binder in
            binder.bind(CloudBackup.self, to: Backup.init).version("v2")
            binder.bind(NoteStore.self, to: MemoryStore.init)
            binder.bind(String.self) { (_: any CloudBackup) in "direct" }
            binder.bind(Int.self) { (_: Provider<any CloudBackup>) in 1 }
            binder.bind(Double.self) { (_: Lazy<any CloudBackup>) in 1 }
            binder.bind(Bool.self) { (_: AsyncProvider<any CloudBackup>) in true }
            binder.bind(Float.self) { (_: Provider<(any CloudBackup)?>) in 1 }
        }
        #expect(found.map(\.kind) == [.notServed])
        #expect(found.first?.subject == .of(String.self))
        #expect(found.first?.related == [.of((any CloudBackup).self)])
        #expect(found.first?.notes == ["also needed by Int, Double, Bool"])
        #expect(
            found.first?.message.hasPrefix(
                "String needs CloudBackup, which is not served under v1 (run-time default): bound only in v2 (") == true
        )
    }

    @Test("A Provider of an optional type not served gives nil each time")
    func providerOfOptional() throws {
        let injector = try makeInjector(versions: .init(default: "v1")) { binder in
            binder.bind(Analytics.self, to: ConsoleAnalytics.init).version("v2")
            binder.bind(String.self) { (analytics: Provider<(any Analytics)?>) in
                (try? analytics.get()) == nil ? "without" : "with"
            }
        }
        #expect(try injector.resolve(String.self) == "without")
    }

    @Test("A decorator of a type not served is no problem, and a selection below every version reports nothing false")
    func decoratorOfNotServed() throws {
        let modules: @Sendable (Binder) -> Void = { binder in
            binder.bind(NoteStore.self, to: MemoryStore.init).version("v1")
            binder.bind(NoteStore.self, to: FileStore.init).version("v2")
            binder.decorate(NoteStore.self) { (inner: any NoteStore) in inner }
            binder.bind(Analytics.self, to: ConsoleAnalytics.init).version("v2")
            binder.decorate(Analytics.self) { (inner: any Analytics) in inner }
        }
        #expect(try problems(versions: .init(default: "v1"), modules).isEmpty)
        #expect(try problems(versions: .init(default: "v0"), modules).isEmpty)
        let v0 = try makeInjector(versions: .init(default: "v0"), modules)
        #expect(v0.graph.notServed.map(\.key) == [.of((any Analytics).self), .of((any NoteStore).self)])
        // A decorator of a type that nothing binds at all is still reported.
        let unbound = try problems { binder in binder.decorate(Clock.self) { (inner: any Clock) in inner } }
        #expect(unbound.map(\.kind) == [.decoratesUnbound])
    }

    @Test("A retired service is served below its retirement and not from it on, nor with no selection given")
    func retirement() throws {
        #expect(try notes("v1").resolve(NotesScreen.self).sync != nil)
        #expect(try notes("v2").resolve(NotesScreen.self).sync != nil)
        for version in ["v3", "v3.1", "v10"] {
            let injector = try notes(version)
            #expect(try injector.resolve(NotesScreen.self).sync == nil, "\(version)")
            let missing = try #require(injector.graph.notServed.first { $0.key == .of((any LegacySync).self) })
            #expect(missing.retirement?.version == "v3")
            #expect(missing.candidates.map(\.isSelected) == [false, true])
            #expect(missing.laterBindings.isEmpty)
            #expect(missing.why.hasPrefix("retired in v3 (ContainerTests/GenerationTests.swift:"))
            #expect(
                injector.explain((any LegacySync).self).reason.hasPrefix(
                    "not served under \(version) (run-time default): retired in v3"))
        }
        let latest = try notes(nil)
        #expect(try latest.resolve(NotesScreen.self).sync == nil)
        #expect(
            latest.graph.notServed.first?.description.hasPrefix(
                "LegacySync: not served under latest (no selection given): retired in v3 (") == true)
        #expect(latest.graph.boundVersions == ["v1", "v2", "v3"])
        #expect(latest.graph.boundVersions(of: .of((any LegacySync).self)) == ["v1", "v3"])
    }

    @Test(
        "A service v2 adds and v3 retires is, under v1, bound only in v2, in the graph and in its snapshot, never retired"
    )
    func addedThenRetiredUnderEarlier() throws {
        let body: @Sendable (Binder) -> Void = { binder in
            binder.bind(NoteStore.self, to: MemoryStore.init)
            binder.bind(CloudBackup.self, to: Backup.init).version("v2")
            binder.retire(CloudBackup.self, from: "v3")
        }
        let site = Sites(body)[CloudBackup.self, version: "v2"]
        let v1 = try makeInjector(versions: .init(default: "v1"), body)
        let graph = v1.graph
        #expect(graph.notServed.map(\.key) == [.of((any CloudBackup).self)])
        let missing = try #require(graph.notServed.first)
        #expect(missing.retirement == nil)
        #expect(missing.laterBindings.map(\.version) == ["v2"])
        #expect(missing.candidates.map(\.isSelected) == [false, false])
        #expect(missing.why == "bound only in v2 (\(site))")
        #expect(
            missing.description == "CloudBackup: not served under v1 (run-time default): bound only in v2 (\(site))")
        #expect(
            graph.rendered(as: .text).hasSuffix("\nCloudBackup [not served under v1: bound only in v2 (\(site))]"))
        #expect(
            v1.explain((any CloudBackup).self).reason
                == "not served under v1 (run-time default): bound only in v2 (\(site))")
        // The snapshot file says the same, without the line, and reads back as written.
        let snapshot = graph.snapshot
        #expect(snapshot.notServed.map(\.id) == ["CloudBackup"])
        #expect(snapshot.notServed.map(\.why) == ["bound only in v2"])
        #expect(try JSONDecoder().decode(GraphSnapshot.self, from: JSONEncoder().encode(snapshot)) == snapshot)
        // So adding the v3 retirement changes nothing a review of the v1 snapshot sees.
        let unretired = try makeInjector(versions: .init(default: "v1")) { binder in
            binder.bind(NoteStore.self, to: MemoryStore.init)
            binder.bind(CloudBackup.self, to: Backup.init).version("v2")
        }
        #expect(snapshot.changes(from: unretired.graph.snapshot).isEmpty)
        // From v3 on, the retirement is why.
        let v3 = try makeInjector(versions: .init(default: "v3"), body)
        #expect(v3.graph.snapshot.notServed.map(\.why) == ["retired in v3"])
    }

    @Test("A child that binds a service its parent does not serve lists it as served, in its graph and its snapshot")
    func childBindsNotServed() throws {
        let parent = try notes("v1")
        #expect(parent.graph.notServed.map(\.key) == [.of((any Analytics).self), .of((any CloudBackup).self)])
        let child = try parent.child { binder in
            binder.bind(CloudBackup.self) { Backup(store: FileStore()) }
        }
        #expect(try child.resolve((any CloudBackup).self).store.kind == "file")
        let graph = child.graph
        #expect(graph.notServed.map(\.key) == [.of((any Analytics).self)])
        #expect(graph.nodes.contains { $0.key == .of((any CloudBackup).self) && $0.isOverridden })
        #expect(!graph.rendered(as: .text).contains("CloudBackup [not served"))
        #expect(child.explain((any CloudBackup).self).notServed == nil)
        let snapshot = graph.snapshot
        #expect(snapshot.notServed.map(\.id) == ["Analytics"])
        #expect(snapshot.services.contains { $0.id == "CloudBackup" })
        // A file listing a service as both served and not served is refused: this one reads back.
        #expect(try JSONDecoder().decode(GraphSnapshot.self, from: JSONEncoder().encode(snapshot)) == snapshot)
        #expect(
            snapshot.changes(from: parent.graph.snapshot).map(\.description) == [
                "+ CloudBackup"
            ])
        // The parent still does not serve it.
        #expect(parent.graph.notServed.map(\.key) == [.of((any Analytics).self), .of((any CloudBackup).self)])
    }

    @Test("A later version's binding brings a retired service back")
    func broughtBack() throws {
        let injector = try notes("v4") { binder in binder.bind(LegacySync.self, to: Sync.init).version("v4") }
        #expect(try injector.resolve(NotesScreen.self).sync != nil)
        #expect(
            try notes("v3") { binder in binder.bind(LegacySync.self, to: Sync.init).version("v4") }
                .resolve(NotesScreen.self).sync == nil)
        let candidates = injector.explain((any LegacySync).self).candidates
        #expect(
            candidates.map(\.description).map { $0.prefix(14) } == [
                "v1 (ContainerT", "retired in v3 ", "v4 (ContainerT",
            ])
        #expect(candidates.map(\.isSelected) == [false, false, true])
    }

    @Test("Retirements follow the duplicate and overriding rules of bindings")
    func retirementDuplicates() throws {
        let body: @Sendable (Binder) -> Void = { binder in
            binder.bind(LegacySync.self, to: Sync.init).version("v1")
            binder.bind(LegacySync.self, to: Sync.init).version("v3")
            binder.retire(LegacySync.self, from: "v3")
        }
        let duplicate = try problems(body)
        #expect(duplicate.map(\.kind) == [.duplicateBinding])
        // The problem is the retirement's: it came second.
        #expect(duplicate.first?.site == Sites(body)[LegacySync.self, version: "v3", retired: true])
        #expect(duplicate.first?.subject == .of((any LegacySync).self))
        let overriding = try makeInjector(versions: .init(default: "v3")) { binder in
            binder.bind(LegacySync.self, to: Sync.init).version("v1")
            binder.bind(LegacySync.self, to: Sync.init).version("v3")
            binder.retire(LegacySync.self, from: "v3").overriding()
        }
        #expect(overriding.graph.notServed.map(\.key) == [.of((any LegacySync).self)])
        let unretired = try makeInjector(versions: .init(default: "v3")) { binder in
            binder.bind(LegacySync.self, to: Sync.init).version("v1")
            binder.retire(LegacySync.self, from: "v3")
            binder.bind(LegacySync.self, to: Sync.init).version("v3").overriding()
        }
        #expect(unretired.graph.notServed.isEmpty)
        let line = #line + 1
        let nothingBound = try problems { binder in binder.retire(LegacySync.self, named: "old", from: "v3") }
        #expect(nothingBound.first?.site?.line == line)
        #expect(
            nothingBound.map(\.description) == [
                """
                error: LegacySync named "old" is retired from v3, but nothing binds LegacySync named "old" [G108]
                  retired at ContainerTests/GenerationTests.swift:\(line)
                  fix: remove the retire, or check that the module that binds LegacySync named "old" is given too
                """
            ])
    }

    @Test("A type served through .implements of a binding a version adds is not served before it either")
    func implementsOfAdded() throws {
        let injector = try makeInjector(versions: .init(default: "v1")) { binder in
            binder.bind(Backup.self) { Backup(store: MemoryStore()) }.version("v2").implements(CloudBackup.self) { $0 }
            binder.bind(String.self) { (backup: (any CloudBackup)?) in backup == nil ? "none" : "some" }
        }
        #expect(try injector.resolve(String.self) == "none")
        #expect(injector.graph.notServed.map(\.key) == [ServiceKey.of(Backup.self), .of((any CloudBackup).self)])
    }

    @Test("An asynchronous service a version adds: await resolve says not served; an optional await gets nil")
    func asynchronousAdded() async throws {
        let injector = try await Injector.start(
            modules: [
                TestModule { binder in
                    binder.bind(Analytics.self) { () async in ConsoleAnalytics() }.version("v2").scope(.eagerSingleton)
                    binder.bind(String.self) { (analytics: (any Analytics)?) in analytics == nil ? "none" : "some" }
                }
            ], versions: VersionSelection(default: "v1"))
        #expect(try await injector.resolveAsync(String.self) == "none")
        await #expect(throws: ResolutionError.self) { try await injector.resolveAsync((any Analytics).self) }
    }

    @Test("A child retires a parent's service: it is not served in the child, still served in the parent")
    func childRetires() throws {
        let parent = try notes("v2")
        let child = try parent.child { binder in binder.retire(LegacySync.self, from: "v1") }
        #expect(try child.resolve(NotesScreen.self).sync == nil)
        #expect(try parent.resolve(NotesScreen.self).sync != nil)
        // A parent's binding that needs it directly makes the child invalid, naming the need.
        let needy = try makeInjector { binder in
            binder.bind(Clock.self, to: SystemClock.init)
            binder.bind(String.self) { (_: any Clock) in "" }
        }
        let error = #expect(throws: ValidationError.self) {
            _ = try needy.child { binder in binder.retire(Clock.self, from: "v1") }
        }
        #expect(error?.problems.map(\.kind) == [.notServed])
        #expect(error?.problems.first?.subject == .of(String.self))
        #expect(throws: ValidationError.self) {
            _ = try parent.child { binder in binder.retire(Clock.self, from: "v1") }
        }
    }

    @Test("A strict child of a graph with a live-only service only a later version adds refuses nothing it needs")
    func strictChildOfAdded() throws {
        let parent = try makeInjector(versions: .init(default: "v1")) { binder in
            binder.bind(Analytics.self, to: ConsoleAnalytics.init).version("v2").liveOnly()
            binder.bind(NoteStore.self, to: MemoryStore.init).liveOnly()
            binder.bind(NotesScreen.self) { (store: any NoteStore, analytics: (any Analytics)?) in
                NotesScreen(store: store, analytics: analytics, sync: nil)
            }
        }
        let test = try parent.child(strict: true) { binder in binder.bind(NoteStore.self, toInstance: FileStore()) }
        let screen = try test.resolve(NotesScreen.self)
        #expect(screen.analytics == nil)
        #expect(screen.store.kind == "file")
    }
}
