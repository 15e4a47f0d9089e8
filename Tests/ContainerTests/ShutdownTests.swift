import Container
import Synchronization
import Testing

// A small server's graph: a depot, a tally that keeps what the depot holds, a courier that
// needs neither, and per-request clerks.
final class Depot: Sendable {}
final class Tally: Sendable {
    let depot: Depot
    init(depot: Depot) { self.depot = depot }
}
final class Courier: Sendable {}
final class Clerk: Sendable {
    let tally: Tally
    init(tally: Tally) { self.tally = tally }
}
/// A singleton that reaches the tally only through the transient clerk.
final class Kiosk: Sendable {
    let clerk: Clerk
    init(clerk: Clerk) { self.clerk = clerk }
}
final class Beacon: Sendable {}
final class Spool: Sendable {
    let serial: Int
    init(serial: Int) { self.serial = serial }
}
@MainActor final class Banner {
    var isClosed = false
    init() {}
}
/// Holds a provider of the courier, which holds it back: a loop that validation allows.
final class Relay: Sendable {
    let courier: Provider<Courier>
    init(courier: Provider<Courier>) { self.courier = courier }
}
struct Jammed: Error, CustomStringConvertible {
    let what: String
    var description: String { "\(what) is jammed" }
}

/// A closer that says in `log` that `name` closed.
func closing<T>(_ name: String, _ log: Log) -> @Sendable (T) async throws -> Void {
    { _ in log.append("close \(name)") }
}

/// Time enough for closers that are meant to end: when the whole suite runs on a small machine,
/// a task may wait many seconds for a thread.
let ample = Duration.seconds(300)

@Suite("Shutdown")
struct ShutdownTests {
    /// Depot <- Tally, Courier on its own; each closes into `log`.
    static func server(_ log: Log, scope: Scope = .singleton) -> TestModule {
        TestModule { binder in
            binder.bind(Depot.self, to: Depot.init).scope(scope).closing(closing("Depot", log))
            binder.bind(Tally.self, to: Tally.init).scope(scope).closing(closing("Tally", log))
            binder.bind(Courier.self, to: Courier.init).scope(scope).closing(closing("Courier", log))
            binder.bind(Clerk.self, to: Clerk.init)
        }
    }

    @Test("A dependant's closer ends before its dependency's begins; each closes once")
    func dependantsFirst() async throws {
        let log = Log()
        let injector = try Injector(modules: [
            TestModule { binder in
                binder.bind(Depot.self, to: Depot.init).scope(.singleton).closing { _ in log.append("close Depot") }
                binder.bind(Tally.self, to: Tally.init).scope(.singleton).closing { _ in
                    log.append("Tally begins")
                    try await Task.sleep(for: .milliseconds(50))
                    log.append("Tally ends")
                }
            }
        ])
        _ = try injector.resolve(Tally.self)
        let profile = try await injector.shutdown(within: ample)
        #expect(log.entries == ["Tally begins", "Tally ends", "close Depot"])
        #expect(profile.entries.map(\.key) == [.of(Tally.self), .of(Depot.self)])
        #expect(profile.entries.map(\.after) == [[], [.of(Tally.self)]])
    }

    @Test("Instances that do not depend on each other close concurrently")
    func independentOnesOverlap() async throws {
        let log = Log()
        @Sendable func close(_ name: String, waitingFor other: String) async throws {
            log.append("\(name) begins")
            // Closed one after the other, the first would wait here for ever: fail instead.
            guard try await eventually(within: ample, { log.entries.contains("\(other) begins") }) else {
                throw NotConcurrent()
            }
        }
        let injector = try Injector(modules: [
            TestModule { binder in
                binder.bind(Depot.self, to: Depot.init).scope(.singleton).closing { _ in
                    try await close("Depot", waitingFor: "Courier")
                }
                binder.bind(Courier.self, to: Courier.init).scope(.singleton).closing { _ in
                    try await close("Courier", waitingFor: "Depot")
                }
            }
        ])
        _ = try injector.resolve(Depot.self)
        _ = try injector.resolve(Courier.self)
        let profile = try await injector.shutdown(within: ample)
        #expect(Set(log.entries) == ["Depot begins", "Courier begins"])
        #expect(Set(profile.entries.map(\.key)) == [.of(Depot.self), .of(Courier.self)])
        #expect(profile.entries.allSatisfy { $0.after.isEmpty })
    }

    @Test("A singleton that reaches another only through a transient binding still closes first")
    func throughTransients() async throws {
        let log = Log()
        let injector = try Injector(modules: [
            Self.server(log),
            TestModule { binder in
                binder.bind(Kiosk.self, to: Kiosk.init).scope(.singleton).closing(closing("Kiosk", log))
            },
        ])
        _ = try injector.resolve(Kiosk.self)
        let profile = try await injector.shutdown(within: ample)
        #expect(log.entries == ["close Kiosk", "close Tally", "close Depot"])
        #expect(profile.entries.first { $0.key == .of(Tally.self) }?.after == [.of(Kiosk.self)])
        #expect(profile.description.hasPrefix("shutdown: 3 services closed in "))
        #expect(profile.description.contains("\n  Tally: "))
        #expect(profile.description.hasSuffix(", after Tally"))
    }

    @Test("Synchronous and asynchronous closers both close, and may throw")
    func synchronousAndAsynchronous() async throws {
        let closed = Log()
        final class Flushing: Sendable {
            let log: Log
            init(log: Log) { self.log = log }
            func close() { log.append("closed") }
            func flush() async throws {
                await Task.yield()
                log.append("flushed")
            }
        }
        let injector = try Injector(modules: [
            TestModule { binder in
                binder.bind(Flushing.self) { Flushing(log: closed) }.scope(.singleton).closing { $0.close() }
                binder.bind(Flushing.self) { Flushing(log: closed) }.named("async").scope(.singleton)
                    .closing { try await $0.flush() }
            }
        ])
        _ = try injector.resolve(Flushing.self)
        _ = try injector.resolve(Flushing.self, named: "async")
        try await injector.shutdown(within: ample)
        #expect(closed.entries.sorted() == ["closed", "flushed"])
    }

    @Test("Every failure is reported with its key and error, and what it depends on closes all the same")
    func failuresCollected() async throws {
        let log = Log()
        let injector = try Injector(modules: [
            TestModule { binder in
                binder.bind(Depot.self, to: Depot.init).scope(.singleton).closing { _ in
                    log.append("close Depot")
                    throw Jammed(what: "the depot's door")
                }
                binder.bind(Tally.self, to: Tally.init).scope(.singleton).closing { _ in
                    throw Jammed(what: "the tally's pen")
                }
                binder.bind(Courier.self, to: Courier.init).scope(.singleton).closing(closing("Courier", log))
            }
        ])
        _ = try injector.resolve(Tally.self)
        _ = try injector.resolve(Courier.self)
        let error = try await #require(throws: ShutdownError.self) { try await injector.shutdown(within: ample) }
        #expect(error.failures.map(\.key) == [.of(Tally.self), .of(Depot.self)])
        #expect(
            error.failures.map(\.description) == [
                "Tally: the tally's pen is jammed", "Depot: the depot's door is jammed",
            ])
        #expect(error.unfinished.isEmpty && error.notBegun.isEmpty)
        #expect(error.profile.entries.map(\.key) == [.of(Courier.self)])
        #expect(Set(log.entries) == ["close Depot", "close Courier"])
        #expect(error.diagnosticID == DiagnosticID("G601"))
        #expect(
            error.description == """
                error: shutdown did not close everything: 2 closers threw [G601]
                  Tally: its closer threw: the tally's pen is jammed
                  Depot: its closer threw: the depot's door is jammed
                  fix: make each closer that threw succeed; the errors above are their own; the rest closed
                """)
    }

    @Test("At the time limit a closer still running is cancelled, and what waits for it never begins")
    func deadline() async throws {
        let log = Log()
        let injector = try Injector(modules: [
            TestModule { binder in
                binder.bind(Depot.self, to: Depot.init).scope(.singleton).closing(closing("Depot", log))
                binder.bind(Tally.self, to: Tally.init).scope(.singleton).closing { _ in
                    // Awaits until cancelled: only the time limit ends it.
                    do {
                        try await Task.sleep(for: .seconds(3_600))
                    } catch {
                        log.append("Tally cancelled")
                        throw error
                    }
                }
            }
        ])
        _ = try injector.resolve(Tally.self)
        let error = try await #require(throws: ShutdownError.self) {
            try await injector.shutdown(within: .milliseconds(200))
        }
        #expect(error.unfinished == [.of(Tally.self)])
        #expect(error.notBegun == [.of(Depot.self)])
        #expect(error.failures.isEmpty)
        #expect(error.timeLimit == .milliseconds(200))
        #expect(error.profile.entries.isEmpty)
        #expect(
            error.description == """
                error: shutdown did not close everything: 1 did not finish within 0.2 seconds, 1 did not begin [G601]
                  Tally: its closer did not finish, and was cancelled
                  Depot: its closer did not begin: what depends on it had not finished closing
                  fix: give shutdown(within:) more time, or make each closer that did not finish end sooner (one that awaits should heed cancellation); the rest closed
                """)
        #expect(try await eventually(within: ample) { log.entries.contains("Tally cancelled") })
        #expect(!log.entries.contains("close Depot"))
    }

    @Test("Cancelling the task that awaits the shutdown does not cut it short: everything still closes")
    func cancelled() async throws {
        let closed = Log()
        let injector = try Injector(modules: [
            TestModule { binder in
                binder.bind(Depot.self, to: Depot.init).scope(.singleton).closing { _ in
                    try await Task.sleep(for: .milliseconds(50))
                    closed.append("Depot")
                }
            }
        ])
        _ = try injector.resolve(Depot.self)
        // Already cancelled when it calls shutdown, as a server's task is when serving failed.
        let shutdown = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await injector.shutdown(within: ample)
        }
        let profile = try await shutdown.value
        #expect(profile.entries.map(\.key) == [.of(Depot.self)])
        #expect(closed.entries == ["Depot"])
    }

    @Test("A second shutdown, in turn or at once, runs no closer again and returns the first's result")
    func once() async throws {
        let closes = Counter()
        let injector = try Injector(modules: [
            TestModule { binder in
                binder.bind(Depot.self, to: Depot.init).scope(.singleton).closing { _ in
                    closes.next()
                    try await Task.sleep(for: .milliseconds(20))
                }
            }
        ])
        _ = try injector.resolve(Depot.self)
        async let first = injector.shutdown(within: ample)
        async let second = injector.shutdown(within: ample)
        let (one, two) = try await (first, second)
        let three = try await injector.shutdown(within: .zero)
        #expect(closes.value == 1)
        for profile in [one, two, three] {
            #expect(profile.entries.map(\.key) == [.of(Depot.self)])
            #expect(profile.total == one.total)
        }
    }

    @Test("A failed shutdown called again throws the same failures without closing again")
    func onceWhenFailing() async throws {
        let closes = Counter()
        let injector = try Injector(modules: [
            TestModule { binder in
                binder.bind(Depot.self, to: Depot.init).scope(.singleton).closing { _ in
                    closes.next()
                    throw Jammed(what: "the depot")
                }
            }
        ])
        _ = try injector.resolve(Depot.self)
        let first = try await #require(throws: ShutdownError.self) { try await injector.shutdown(within: ample) }
        let second = try await #require(throws: ShutdownError.self) { try await injector.shutdown(within: ample) }
        #expect(closes.value == 1)
        #expect(first.description == second.description)
    }

    @Test("After shutdown a resolve that would build throws G213; a built singleton is still served")
    func resolveAfterShutdown() async throws {
        let log = Log()
        let injector = try Injector(modules: [Self.server(log)])
        let tally = try injector.resolve(Tally.self)
        let clerks = try injector.resolve(Provider<Clerk>.self)
        try await injector.shutdown(within: ample)
        #expect(try injector.resolve(Tally.self) === tally)
        #expect(try await injector.resolveAsync(Tally.self) === tally)
        let transient = #expect(throws: ResolutionError.self) { try injector.resolve(Clerk.self) }
        #expect(
            transient?.description == """
                error: Clerk cannot be built: its injector has begun to shut down [G213]
                  fix: stop the work that resolves (a server's request handlers) before calling shutdown(within:); after it begins, an injector serves only the instances it keeps, closed or closing, and builds nothing
                """)
        #expect(transient?.diagnosticID == DiagnosticID("G213"))
        // A singleton never built is not built now.
        let courier = #expect(throws: ResolutionError.self) { try injector.resolve(Courier.self) }
        if case .shutDown = courier?.reason {} else { Issue.record("\(String(describing: courier))") }
        #expect(courier?.path.map(\.key) == [.of(Courier.self)])
        await #expect(throws: ResolutionError.self) { try await injector.resolveAsync(Clerk.self) }
        #expect(throws: ResolutionError.self) { try clerks.get() }
        #expect(log.entries.sorted() == ["close Depot", "close Tally"])
    }

    @Test("A singleton built after shutdown began, by a build that needs it, is refused with the path")
    func nestedRefusal() async throws {
        let injector = try makeInjector { binder in
            binder.bind(Depot.self, to: Depot.init).scope(.singleton)
            binder.bind(Tally.self, to: Tally.init).scope(.singleton)
            binder.bind(Kiosk.self, to: Kiosk.init).scope(.singleton)
            binder.bind(Clerk.self, to: Clerk.init)
        }
        try await injector.shutdown(within: ample)
        let error = #expect(throws: ResolutionError.self) { try injector.resolve(Kiosk.self) }
        #expect(error?.key == .of(Kiosk.self))
        if case .shutDown = error?.reason {} else { Issue.record("not refused: \(String(describing: error))") }
    }

    @Test("A singleton never built is not built to be closed")
    func neverBuilt() async throws {
        let log = Log()
        let injector = try Injector(modules: [Self.server(log)])
        let profile = try await injector.shutdown(within: ample)
        #expect(log.entries.isEmpty)
        #expect(profile.entries.isEmpty)
        #expect(profile.description.hasPrefix("shutdown: no services closed in "))
    }

    @Test("Eager and asynchronous singletons close, each after what depends on it")
    func asynchronousSingletons() async throws {
        let log = Log()
        let injector = try await Injector.start(modules: [
            TestModule { binder in
                binder.bind(Depot.self) { () async in
                    await Task.yield()
                    return Depot()
                }.scope(.eagerSingleton).closing(closing("Depot", log))
                binder.bind(Tally.self, to: Tally.init).scope(.singleton).closing(closing("Tally", log))
            }
        ])
        _ = try await injector.resolveAsync(Tally.self)
        try await injector.shutdown(within: ample)
        #expect(log.entries == ["close Tally", "close Depot"])
    }

    @Test("A singleton whose build was running when shutdown began closes once its build ends")
    func buildInFlight() async throws {
        let log = Log()
        let (opened, opening) = AsyncStream.makeStream(of: Void.self)
        let (release, releasing) = AsyncStream.makeStream(of: Void.self)
        let injector = try makeInjector { binder in
            binder.bind(Depot.self) { () async in
                opening.yield()
                for await _ in release { break }
                return Depot()
            }.scope(.singleton).closing(closing("Depot", log))
        }
        let building = Task { try await injector.resolveAsync(Depot.self) }
        for await _ in opened { break }
        let shutdown = Task { try await injector.shutdown(within: ample) }
        // The shutdown waits for the build: nothing closes until it ends.
        try await Task.sleep(for: .milliseconds(50))
        #expect(log.entries.isEmpty)
        releasing.yield()
        _ = try await building.value
        let profile = try await shutdown.value
        #expect(log.entries == ["close Depot"])
        #expect(profile.entries.map(\.key) == [.of(Depot.self)])
    }

    @Test("A main-actor singleton closes on the main actor")
    func mainActorBound() async throws {
        let closedOnMain = Log()
        let injector = try await Injector.start(modules: [
            TestModule { binder in
                binder.bind(Banner.self, to: Banner.init).scope(.singleton).closing { @MainActor banner in
                    MainActor.assertIsolated()
                    banner.isClosed = true
                    closedOnMain.append("Banner")
                }
            }
        ])
        let banner = try await injector.resolveAsync(Banner.self)
        try await injector.shutdown(within: ample)
        #expect(closedOnMain.entries == ["Banner"])
        #expect(await banner.isClosed)
    }

    @Test("A weak instance closes while it is alive; the current one of a resettable scope closes")
    func weakAndResettable() async throws {
        let log = Log()
        let serials = Counter()
        let injector = try makeInjector { binder in
            binder.bind(Beacon.self, to: Beacon.init).scope(.weak).closing(closing("Beacon", log))
            binder.bind(Depot.self, to: Depot.init).scope(.weak).closing(closing("Depot", log))
            binder.bind(Spool.self) { Spool(serial: serials.next()) }.scope(.session).closing { spool in
                log.append("close Spool \(spool.serial)")
            }
        }
        let beacon = try injector.resolve(Beacon.self)
        _ = try injector.resolve(Depot.self)  // released at once
        _ = try injector.resolve(Spool.self)
        injector.reset(.session)
        let current = try injector.resolve(Spool.self)
        try await injector.shutdown(within: ample)
        #expect(log.entries.sorted() == ["close Beacon", "close Spool 2"])
        withExtendedLifetime((beacon, current)) {}
    }

    @Test("A value bound with toInstance: closes whether resolved or not")
    func givenInstance() async throws {
        let log = Log()
        let injector = try makeInjector { binder in
            binder.bind(Depot.self, toInstance: Depot()).closing(closing("Depot", log))
            binder.bind(Tally.self, to: Tally.init).scope(.singleton).closing(closing("Tally", log))
        }
        try await injector.shutdown(within: ample)
        #expect(log.entries == ["close Depot"])
    }

    @Test("A scoped binding with run-time arguments closes each instance it keeps")
    func argumentInstances() async throws {
        let log = Log()
        let injector = try makeInjector { binder in
            binder.bind(Spool.self, arguments: Int.self) { (serial: Int) in Spool(serial: serial) }
                .scope(.singleton).closing { spool in log.append("close Spool \(spool.serial)") }
        }
        _ = try injector.resolve(Spool.self, arguments: 1)
        _ = try injector.resolve(Spool.self, arguments: 2)
        _ = try injector.resolve(Spool.self, arguments: 1)
        try await injector.shutdown(within: ample)
        #expect(log.entries.sorted() == ["close Spool 1", "close Spool 2"])
        #expect(throws: ResolutionError.self) { try injector.resolve(Spool.self, arguments: 3) }
    }

    @Test("Through a loop of a provider, the instance that holds the other closes first")
    func providerLoop() async throws {
        let log = Log()
        let injector = try makeInjector { binder in
            binder.bind(Relay.self, to: Relay.init).scope(.singleton).closing(closing("Relay", log))
            binder.bind(Courier.self) { (_: Relay) in Courier() }.scope(.singleton).closing(closing("Courier", log))
        }
        _ = try injector.resolve(Courier.self)
        try await injector.shutdown(within: ample)
        // Courier holds Relay; Relay only builds couriers on demand.
        #expect(log.entries == ["close Courier", "close Relay"])
    }

    @Test("A parent's shutdown shuts its children down first; a child's closes only its own")
    func children() async throws {
        let log = Log()
        let parent = try Injector(modules: [Self.server(log)])
        let child = try parent.child { binder in
            binder.bind(Kiosk.self, to: Kiosk.init).scope(.singleton).closing(closing("Kiosk", log))
        }
        let other = try parent.child { binder in
            binder.bind(Courier.self, to: Courier.init).scope(.singleton).closing(closing("own Courier", log))
        }
        _ = try child.resolve(Kiosk.self)  // builds the parent's Tally and Depot
        _ = try other.resolve(Courier.self)
        let childProfile = try await child.shutdown(within: ample)
        #expect(childProfile.entries.map(\.key) == [.of(Kiosk.self)])
        #expect(log.entries == ["close Kiosk"])
        #expect(throws: ResolutionError.self) { try child.resolve(Clerk.self) }
        #expect(try parent.resolve(Clerk.self).tally === child.resolve(Tally.self))

        let profile = try await parent.shutdown(within: ample)
        #expect(log.entries == ["close Kiosk", "close own Courier", "close Tally", "close Depot"])
        // The child shut down before closes nothing again.
        #expect(Set(profile.entries.map(\.key)) == [.of(Courier.self), .of(Tally.self), .of(Depot.self)])
        #expect(throws: ResolutionError.self) { try other.resolve(Clerk.self) }
        let late = #expect(throws: ResolutionError.self) {
            try parent.child { binder in binder.bind(Beacon.self, to: Beacon.init).scope(.eagerSingleton) }
        }
        #expect(
            late?.description.hasPrefix("error: Beacon cannot be built: its injector has begun to shut down [G213]")
                == true)
    }

    @Test(
        "A grandchild that keeps something to close is closed by the root's shutdown, through a child that keeps nothing"
    )
    func grandchild() async throws {
        let log = Log()
        let parent = try Injector(modules: [Self.server(log)])
        let child = try parent.child { binder in binder.bind(Beacon.self, to: Beacon.init) }
        let grandchild = try child.child { binder in
            binder.bind(Kiosk.self, to: Kiosk.init).scope(.singleton).closing(closing("Kiosk", log))
        }
        _ = try grandchild.resolve(Kiosk.self)
        let profile = try await parent.shutdown(within: ample)
        #expect(log.entries == ["close Kiosk", "close Tally", "close Depot"])
        #expect(profile.entries.map(\.key) == [.of(Kiosk.self), .of(Tally.self), .of(Depot.self)])
        #expect(throws: ResolutionError.self) { try child.resolve(Beacon.self) }
        #expect(throws: ResolutionError.self) { try grandchild.resolve(Clerk.self) }
    }

    @Test("A child released before its parent's shutdown is not closed by it")
    func releasedChild() async throws {
        let log = Log()
        let parent = try Injector(modules: [Self.server(log)])
        do {
            let child = try parent.child { binder in
                binder.bind(Kiosk.self, to: Kiosk.init).scope(.singleton).closing(closing("Kiosk", log))
            }
            _ = try child.resolve(Kiosk.self)
        }
        try await parent.shutdown(within: ample)
        #expect(log.entries == ["close Tally", "close Depot"])
    }

    @Test("After shutdown a type served through .implements or a list is made anew, so refused")
    func wrappersRefused() async throws {
        let injector = try makeInjector { binder in
            binder.bind(Depot.self, to: Depot.init).scope(.singleton).implements((any Sendable).self) { $0 }
            binder.contribute(Courier.self, id: "first", to: Courier.init)
        }
        _ = try injector.resolve(Depot.self)
        try await injector.shutdown(within: ample)
        #expect(try injector.resolve(Depot.self) === injector.resolve(Depot.self))
        #expect(throws: ResolutionError.self) { try injector.resolve((any Sendable).self) }
        #expect(throws: ResolutionError.self) { try injector.resolve([Courier].self) }
    }

    @Test("A child's instance closes before the parent's instance it holds")
    func childBeforeParent() async throws {
        let log = Log()
        let parent = try Injector(modules: [Self.server(log)])
        let child = try parent.child { binder in
            binder.bind(Kiosk.self, to: Kiosk.init).scope(.singleton).closing { _ in
                try await Task.sleep(for: .milliseconds(30))
                log.append("close Kiosk")
            }
        }
        _ = try child.resolve(Kiosk.self)
        try await parent.shutdown(within: ample)
        #expect(log.entries == ["close Kiosk", "close Tally", "close Depot"])
    }

    @Test("A closer on a transient binding is a validation problem (G114)")
    func closerOnTransient() throws {
        let found = try problems { binder in
            binder.bind(Depot.self, to: Depot.init).closing { _ in }.scope(.weak)
            binder.bind(Tally.self, toInstance: Tally(depot: Depot())).closing { _ in }
            binder.bind(Clerk.self, to: Clerk.init).closing { _ in }
        }
        #expect(found.map(\.kind) == [.closesTransient])
        let problem = try #require(found.first)
        #expect(problem.diagnosticID == DiagnosticID("G114"))
        #expect(problem.subject == .of(Clerk.self))
        #expect(
            problem.description == """
                error: Clerk declares closing(_:), but it is transient: the injector keeps none of its instances, so none would ever close [G114]
                  declared at \(problem.site!)
                  fix: give Clerk a scope that keeps its instance, such as .scope(.singleton), or remove closing(_:) and let whoever holds each instance close it
                """)
    }

    @Test("The graph and explain say which bindings close")
    func introspection() throws {
        let injector = try Injector(modules: [Self.server(Log())])
        let node = try #require(injector.graph.nodes.first { $0.key == .of(Tally.self) })
        #expect(node.closesAtShutdown)
        #expect(injector.graph.nodes.first { $0.key == .of(Clerk.self) }?.closesAtShutdown == false)
        let text = injector.graph.rendered(as: .text)
        #expect(text.contains("\nTally [singleton, closes at shutdown] "))
        #expect(text.contains("\nClerk [transient] "))
        #expect(
            injector.explain(Tally.self).description.contains(
                "\n  closes: at shutdown, each instance the injector keeps, once the kept instances that depend on it have closed\n"
            ))
        #expect(!injector.explain(Clerk.self).description.contains("closes:"))
    }
}
