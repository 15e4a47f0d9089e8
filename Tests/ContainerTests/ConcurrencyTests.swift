import Container
import Foundation
import Synchronization
import Testing

final class Catalogue: Sendable {
    init(counter: Counter) {
        counter.next()
        // Widen the window in which other tasks race for the same singleton.
        var spin = 0
        for index in 0..<20_000 { spin &+= index }
        precondition(spin > 0)
    }
}

final class Basket: Sendable {
    let catalogue: Catalogue
    let session: Session
    init(catalogue: Catalogue, session: Session) {
        self.catalogue = catalogue
        self.session = session
    }
}

/// A session that remembers how many resets had started when its factory ran.
final class StampedSession: Sendable {
    let resetsStartedAtBuild: Int
    init(resetsStartedAtBuild: Int) { self.resetsStartedAtBuild = resetsStartedAtBuild }
}

/// A session that counts its releases, so a test can tell whether anything still keeps it.
final class ReleaseCountedSession: Sendable {
    let serial: Int
    private let releases: Counter
    init(serial: Int, releases: Counter) {
        self.serial = serial
        self.releases = releases
    }
    deinit { releases.next() }
}

/// How many resets the resetting thread has started and finished.
final class ResetLog: Sendable {
    let started = Atomic<Int>(0)
    let finished = Atomic<Int>(0)
    /// Set when the resetting thread is done, to stop the resolving threads.
    let isOver = Atomic<Bool>(false)
}

/// Lets its first `parties` callers wait for one another, so that two threads are known to be
/// inside their initializers at once; later callers pass straight through. It gives up after
/// `limit`, so a container that serializes builds makes the test fail instead of hang.
final class Rendezvous: Sendable {
    private let arrivals = Mutex(0)
    private let parties: Int
    private let limit: Duration
    private let missed = Mutex(false)

    init(parties: Int, limit: Duration = .seconds(20)) {
        self.parties = parties
        self.limit = limit
    }

    func arrive() {
        let position = arrivals.withLock {
            $0 += 1
            return $0
        }
        guard position <= parties else { return }
        let deadline = ContinuousClock.now + limit
        while arrivals.withLock({ $0 }) < parties {
            guard ContinuousClock.now < deadline else {
                missed.withLock { $0 = true }
                return
            }
            Thread.sleep(forTimeInterval: 0.000_1)
        }
    }

    /// Whether a caller gave up waiting for the others.
    var gaveUp: Bool { missed.withLock { $0 } }
}

/// Two singletons whose initializers call each other's providers (issue 8, item 5).
final class Ping: Sendable {
    init(pong: Provider<Pong>, meeting: Rendezvous) throws {
        meeting.arrive()
        _ = try pong()
    }
}

final class Pong: Sendable {
    init(ping: Provider<Ping>, meeting: Rendezvous) throws {
        meeting.arrive()
        _ = try ping()
    }
}

/// A singleton whose initializer waits, so a test can resolve other things while it is being built.
final class Gate: Sendable {
    private let state = Mutex((entered: false, released: false, gaveUp: false))

    var hasEntered: Bool { state.withLock { $0.entered } }
    /// Whether the initializer stopped waiting before the test released it.
    var gaveUp: Bool { state.withLock { $0.gaveUp } }

    func enterAndWait(limit: Duration = .seconds(30)) {
        let deadline = enter(limit)
        while isWaiting(until: deadline) { Thread.sleep(forTimeInterval: 0.000_1) }
    }

    /// The same, suspending instead of blocking its thread, for an asynchronous factory.
    func enterAndWaitAsync(limit: Duration = .seconds(30)) async {
        let deadline = enter(limit)
        while isWaiting(until: deadline) { try? await Task.sleep(for: .milliseconds(1)) }
    }

    private func enter(_ limit: Duration) -> ContinuousClock.Instant {
        state.withLock { $0.entered = true }
        return ContinuousClock.now + limit
    }

    /// Whether to wait on: not released yet, and not past `deadline`, which gives up.
    private func isWaiting(until deadline: ContinuousClock.Instant) -> Bool {
        state.withLock { state in
            guard !state.released else { return false }
            guard ContinuousClock.now < deadline else {
                state.gaveUp = true
                return false
            }
            return true
        }
    }

    func release() { state.withLock { $0.released = true } }
}

final class SlowSingleton: Sendable { init(gate: Gate) { gate.enterAndWait() } }
final class QuickSingleton: Sendable {}

/// A singleton whose initializer tells the other build it has started, then waits until the
/// other has started too: both return having seen each other only if the two builds run at
/// once. The deadline turns builds that wait for each other into a failed check, not a hang.
final class OverlappingBuild: Sendable {
    let sawTheOther: Bool

    init(announce mine: DispatchSemaphore, awaiting theirs: DispatchSemaphore) {
        mine.signal()
        sawTheOther = theirs.wait(timeout: .now() + 20) == .success
    }
}

/// Lets a factory resolve from an injector made after its own: a child, or an unrelated one.
final class InjectorSlot: Sendable {
    private let slot = Mutex<Injector?>(nil)
    var injector: Injector? {
        get { slot.withLock { $0 } }
        set { slot.withLock { $0 = newValue } }
    }
}

/// A parent's singleton whose initializer resolves its child's `LowerHalf`.
final class UpperHalf: Sendable {
    init(child: InjectorSlot, meeting: Rendezvous) throws {
        meeting.arrive()
        _ = try child.injector?.resolve(LowerHalf.self)
    }
}

/// A child's singleton whose initializer calls a provider of its parent's `UpperHalf`.
final class LowerHalf: Sendable {
    init(upper: Provider<UpperHalf>, meeting: Rendezvous) throws {
        meeting.arrive()
        _ = try upper()
    }
}

/// Singletons of two unrelated injectors whose initializers resolve each other's.
final class LeftHalf: Sendable {
    init(right: InjectorSlot, meeting: Rendezvous) throws {
        meeting.arrive()
        _ = try right.injector?.resolve(RightHalf.self)
    }
}

final class RightHalf: Sendable {
    init(left: InjectorSlot, meeting: Rendezvous) throws {
        meeting.arrive()
        _ = try left.injector?.resolve(LeftHalf.self)
    }
}

/// Runs `body` on a thread of its own and keeps what it returned or threw.
final class RacingThread<Value: Sendable>: Sendable {
    private let outcome = Mutex<Result<Value, ResolutionError>?>(nil)

    init(_ body: @escaping @Sendable () throws(ResolutionError) -> Value) {
        Thread { [self] in
            let result = Result<Value, ResolutionError> { () throws(ResolutionError) -> Value in try body() }
            outcome.withLock { $0 = result }
        }.start()
    }

    var result: Result<Value, ResolutionError>? { outcome.withLock { $0 } }

    var failure: ResolutionError? {
        guard case .failure(let error) = result else { return nil }
        return error
    }
}

/// Waits, without blocking the task's thread, until `done` holds or `limit` has passed.
func eventually(within limit: Duration = .seconds(40), _ done: () -> Bool) async throws -> Bool {
    let deadline = ContinuousClock.now + limit
    while !done() {
        guard ContinuousClock.now < deadline else { return false }
        try await Task.sleep(for: .milliseconds(5))
    }
    return true
}

/// Lets a fixed set of threads start each round together, as a barrier: so that they all
/// reach the first resolve of one fresh injector at once. A thread gives up after `limit` (a
/// partner never came), so a broken container makes the test fail instead of hang.
final class StartingLine: Sendable {
    private let arrivals = Atomic<Int>(0)
    /// Set by the first thread that gives up, so that the others stop waiting too.
    private let abandoned = Atomic<Bool>(false)
    private let threads: Int
    private let limit: Duration

    init(threads: Int, limit: Duration = .seconds(10)) {
        self.threads = threads
        self.limit = limit
    }

    /// Waits until every thread has arrived for `round` (counted from 0); `false` if one never came.
    func start(_ round: Int) -> Bool {
        arrivals.add(1, ordering: .sequentiallyConsistent)
        let deadline = ContinuousClock.now + limit
        while arrivals.load(ordering: .sequentiallyConsistent) < (round + 1) * threads {
            guard !abandoned.load(ordering: .sequentiallyConsistent), ContinuousClock.now < deadline else {
                abandoned.store(true, ordering: .sequentiallyConsistent)
                return false
            }
            sched_yield()
        }
        return true
    }
}

@Suite("Concurrency")
struct ConcurrencyTests {
    @Test("8 tasks x 10,000 resolves: each singleton is built exactly once, and a held weak instance is the only one")
    func stress() async throws {
        for _ in 0..<5 {
            let catalogues = Counter()
            let sessions = Counter()
            let injector = try makeInjector { binder in
                binder.bind(Counter.self, toInstance: catalogues)
                binder.bind(Catalogue.self, to: Catalogue.init).scope(.singleton)
                binder.bind(Session.self) { Session(serial: sessions.next()) }.scope(.weak)
                binder.bind(Basket.self, to: Basket.init)
                binder.bind(Transport.self, to: FakeTransport.init)
                binder.bind(APIClient.self, to: APIClient.init).scope(.singleton)
            }
            // While the test holds the weak instance, every basket must get that one.
            let held = try await injector.resolveAsync(Session.self)
            let seen = try await withThrowingTaskGroup(of: Set<ObjectIdentifier>.self) { group in
                for _ in 0..<8 {
                    group.addTask {
                        var seen: Set<ObjectIdentifier> = []
                        for _ in 0..<10_000 {
                            let basket = try injector.resolve(Basket.self)
                            seen.insert(ObjectIdentifier(basket.catalogue))
                            seen.insert(ObjectIdentifier(basket.session))
                            seen.insert(ObjectIdentifier(try injector.resolve(APIClient.self)))
                        }
                        return seen
                    }
                }
                return try await group.reduce(into: Set<ObjectIdentifier>()) { $0.formUnion($1) }
            }
            #expect(catalogues.value == 1)
            #expect(sessions.value == 1)
            #expect(
                seen == [
                    ObjectIdentifier(try await injector.resolveAsync(Catalogue.self)), ObjectIdentifier(held),
                    ObjectIdentifier(try await injector.resolveAsync(APIClient.self)),
                ])
        }
    }

    @Test(
        "Threads racing on the first resolve of a singleton, a weak and a session binding build each once per injector, across many fresh injectors",
        .timeLimit(.minutes(1)))
    func firstResolveRace() async throws {
        // About a second per scope on a loaded 2-core machine. The window is hit mostly when a thread
        // is held up inside it, hence many cells, more threads than cores, and two more threads
        // building and resetting another injector's session binding all along, as an app does.
        let injectors = 300
        let names = 50
        let threads = 4
        for scope in [Scope.singleton, .weak, .session] {
            // Each injector binds many cells, which the threads ask for in the same order from a
            // common start: the thread that falls behind finds built cells on the fast path,
            // catches up, and meets the leader again at a random moment of one of its builds,
            // over and over; the factory is quick, so that moment is often the window between
            // the leader storing its instance and giving up its claim.
            let counters = (0..<injectors).map { _ in (0..<names).map { _ in Counter() } }
            let shared = try counters.map { cells in
                try makeInjector { binder in
                    for (name, counter) in cells.enumerated() {
                        binder.bind(Session.self) { Session(serial: counter.next()) }.named("\(name)").scope(scope)
                    }
                }
            }
            let line = StartingLine(threads: threads)
            let isOver = Atomic<Bool>(false)
            defer { isOver.store(true, ordering: .relaxed) }
            let busy = try makeInjector { binder in binder.bind(Session.self) { Session(serial: 0) }.scope(.session) }
            let others = (0..<2).map { _ in
                RacingThread { () throws(ResolutionError) in
                    while !isOver.load(ordering: .relaxed) {
                        busy.reset(.session)
                        _ = try busy.resolve(Session.self)
                    }
                }
            }
            // Each thread returns the instances it got, in order; holding them keeps weak ones alive.
            let racers = (0..<threads).map { _ in
                RacingThread { () throws(ResolutionError) -> [Session] in
                    var got: [Session] = []
                    for (round, injector) in shared.enumerated() {
                        guard line.start(round) else { break }
                        for name in 0..<names { got.append(try injector.resolve(Session.self, named: "\(name)")) }
                    }
                    return got
                }
            }
            let finished = try await eventually { racers.allSatisfy { $0.result != nil } }
            isOver.store(true, ordering: .relaxed)
            try #require(try await eventually { others.allSatisfy { $0.result != nil } })
            try #require(finished, "the racing threads did not finish within 40 seconds")
            let results = try racers.map { try #require($0.result).get() }
            try #require(
                results.allSatisfy { $0.count == injectors * names },
                "a thread gave up waiting for the others at the starting line")
            let builds = counters.joined().map(\.value)
            #expect(
                builds.allSatisfy { $0 == 1 },
                "\(scope): \(builds.filter { $0 > 1 }.count) of \(builds.count) cells were built more than once")
            let split = results[0].indices.filter { index in !results.allSatisfy { $0[index] === results[0][index] } }
            #expect(split.isEmpty, "\(scope): \(split.count) of \(builds.count) cells served two instances")
        }
    }

    @Test(
        "An instance built before a reset is never served after it, while resets race with resolves",
        .timeLimit(.minutes(1)))
    func resetUnderLoad() async throws {
        let log = ResetLog()
        let builds = Counter()
        let injector = try makeInjector { binder in
            binder.bind(StampedSession.self) {
                let stamp = log.started.load(ordering: .sequentiallyConsistent)
                builds.next()
                // Widen the window in which the resetting thread lands a reset mid-build.
                var spin = 0
                for index in 0..<5_000 { spin &+= index }
                precondition(spin > 0)
                return StampedSession(resetsStartedAtBuild: stamp)
            }.scope(.session)
        }
        let child = try await injector.startChild { binder in binder.bind(Clock.self, toInstance: FixedClock(now: 1)) }
        let provider = try await injector.resolveAsync(Provider<StampedSession>.self)
        let resets = 200
        // Threads, not tasks, so that resets and resolves really overlap on a machine with few cores.
        let resolvers = (0..<2).map { thread in
            RacingThread { () throws(ResolutionError) -> Int in
                var stale = 0
                var round = thread
                while !log.isOver.load(ordering: .sequentiallyConsistent) {
                    // Every reset finished before this request began must have emptied the scope.
                    let finished = log.finished.load(ordering: .sequentiallyConsistent)
                    let session =
                        switch round % 3 {
                        case 0: try injector.resolve(StampedSession.self)
                        case 1: try provider.get()
                        default: try child.resolve(StampedSession.self)
                        }
                    if session.resetsStartedAtBuild < finished { stale += 1 }
                    round += 1
                }
                return stale
            }
        }
        // Returns how many resets were followed by a build, as each must be: the next request
        // finds the scope empty.
        let resetter = RacingThread { () throws(ResolutionError) -> Int in
            defer { log.isOver.store(true, ordering: .sequentiallyConsistent) }
            for made in 0..<resets {
                let before = builds.value
                log.started.add(1, ordering: .sequentiallyConsistent)
                injector.reset(.session)
                log.finished.add(1, ordering: .sequentiallyConsistent)
                // Reset again as soon as a build has begun, so that most resets land while an
                // instance of the previous generation is being built.
                // A correct injector always builds again; waiting long only allows for a busy machine.
                let deadline = ContinuousClock.now + .seconds(5)
                while builds.value == before {
                    if ContinuousClock.now > deadline { return made }
                    sched_yield()
                }
            }
            return resets
        }
        let finished = try await eventually { resetter.result != nil && resolvers.allSatisfy { $0.result != nil } }
        try #require(finished, "the resolving and resetting threads did not finish within 40 seconds")
        #expect(try resetter.result?.get() == resets, "after a reset, no request built a new instance")
        let stale = try resolvers.compactMap(\.result).map { try $0.get() }.reduce(0, +)
        #expect(stale == 0, "requests were served an instance built before a reset that had finished")
        // Once the race is over, one more reset means exactly one more build, shared by every path.
        let before = builds.value
        child.reset(.session)
        let fresh = try await injector.resolveAsync(StampedSession.self)
        #expect(fresh.resetsStartedAtBuild == log.started.load(ordering: .sequentiallyConsistent))
        #expect(try provider.get() === fresh)
        #expect(try await child.resolveAsync(StampedSession.self) === fresh)
        #expect(builds.value == before + 1)
    }

    @Test(
        "A session build that a reset overtakes serves its requester only: the scope keeps nothing of it, and the next request builds anew",
        .timeLimit(.minutes(1)), arguments: [false, true])
    func resetOvertakesBuild(asynchronous: Bool) async throws {
        let gate = Gate()
        let (builds, releases) = (Counter(), Counter())
        let injector = try makeInjector { binder in
            if asynchronous {
                binder.bind(ReleaseCountedSession.self) { () async in
                    let serial = builds.next()
                    if serial == 1 { await gate.enterAndWaitAsync() }
                    return ReleaseCountedSession(serial: serial, releases: releases)
                }.scope(.session)
            } else {
                binder.bind(ReleaseCountedSession.self) {
                    let serial = builds.next()
                    if serial == 1 { gate.enterAndWait() }
                    return ReleaseCountedSession(serial: serial, releases: releases)
                }.scope(.session)
            }
        }
        // The requester keeps only the serial, so the scope is all that could keep instance 1.
        let overtaken: @Sendable () async throws -> Int
        if asynchronous {
            let task = Task { try await injector.resolveAsync(ReleaseCountedSession.self).serial }
            overtaken = { try await task.value }
        } else {
            let thread = RacingThread { () throws(ResolutionError) in
                try injector.resolve(ReleaseCountedSession.self).serial
            }
            overtaken = {
                _ = try await eventually { thread.result != nil }
                return try #require(thread.result).get()
            }
        }
        #expect(try await eventually { gate.hasEntered })
        injector.reset(.session)
        gate.release()
        #expect(try await overtaken() == 1)
        #expect(!gate.gaveUp)
        #expect(releases.value == 1, "the scope kept the instance whose build the reset overtook")
        let current = try await injector.resolveAsync(ReleaseCountedSession.self)
        #expect(current.serial == 2, "the next request was served the instance the reset overtook")
        #expect(try await injector.resolveAsync(ReleaseCountedSession.self) === current)
        #expect(builds.value == 2)
    }

    @Test(
        "Two singletons whose initializers call each other's providers, built by two threads at once, fail with the one-thread cycle error",
        .timeLimit(.minutes(1)))
    func providerCycleOnTwoThreads() async throws {
        try await expectOneThreadCycles(
            [.of(Ping.self), .of(Pong.self), .of(Ping.self)], [.of(Pong.self), .of(Ping.self), .of(Pong.self)]
        ) { meeting in
            let shared = try makeInjector { binder in
                binder.bind(Rendezvous.self, toInstance: meeting)
                binder.bind(Ping.self, to: Ping.init).scope(.singleton)
                binder.bind(Pong.self, to: Pong.init).scope(.singleton)
            }
            return (
                { () throws(ResolutionError) in _ = try shared.resolve(Ping.self) },
                { () throws(ResolutionError) in _ = try shared.resolve(Pong.self) }
            )
        }
    }

    @Test(
        "Resolving takes no global lock: other bindings resolve while a singleton is being built",
        .timeLimit(.minutes(1)))
    func noGlobalLock() async throws {
        let gate = Gate()
        let injector = try makeInjector { binder in
            binder.bind(Gate.self, toInstance: gate)
            binder.bind(SlowSingleton.self, to: SlowSingleton.init).scope(.singleton)
            binder.bind(QuickSingleton.self, to: QuickSingleton.init).scope(.singleton)
            binder.bind(Clock.self, to: SystemClock.init)
        }
        let slow = RacingThread { () throws(ResolutionError) in try injector.resolve(SlowSingleton.self) }
        #expect(try await eventually { gate.hasEntered })
        _ = try await injector.resolveAsync(QuickSingleton.self)
        _ = try await injector.resolveAsync(Clock.self)
        _ = try await injector.resolveAsync(Provider<QuickSingleton>.self).get()
        // Had these waited for the singleton being built, its initializer would have given up first.
        #expect(!gate.gaveUp, "another binding waited for the singleton being built")
        gate.release()
        #expect(try await eventually { slow.result != nil })
        let built = try slow.result?.get()
        #expect(try built === injector.resolve(SlowSingleton.self))
    }

    @Test(
        "Two unrelated injectors build their singletons on two threads at once: neither build waits for the other",
        .timeLimit(.minutes(1)))
    func unrelatedInjectorsBuildAtOnce() async throws {
        let (first, second) = (DispatchSemaphore(value: 0), DispatchSemaphore(value: 0))
        let builds = (Counter(), Counter())
        let one = try makeInjector { binder in
            binder.bind(OverlappingBuild.self) {
                builds.0.next()
                return OverlappingBuild(announce: first, awaiting: second)
            }.scope(.singleton)
        }
        let other = try makeInjector { binder in
            binder.bind(OverlappingBuild.self) {
                builds.1.next()
                return OverlappingBuild(announce: second, awaiting: first)
            }.scope(.singleton)
        }
        let threads = [one, other].map { injector in
            RacingThread { () throws(ResolutionError) in try injector.resolve(OverlappingBuild.self) }
        }
        try #require(try await eventually { threads.allSatisfy { $0.result != nil } })
        let built = try threads.map { try #require($0.result).get() }
        #expect(built.map(\.sawTheOther) == [true, true], "one build waited for the other injector's")
        #expect(try built[0] === one.resolve(OverlappingBuild.self))
        #expect(try built[1] === other.resolve(OverlappingBuild.self))
        #expect(builds.0.value == 1 && builds.1.value == 1)
    }

    @Test(
        "A parent's singleton and its child's, whose initializers resolve each other, built by two threads at once, fail with the one-thread cycle errors",
        .timeLimit(.minutes(1)))
    func parentAndChildCycleOnTwoThreads() async throws {
        // The parent's factory reaches the child through the slot, the child's the parent through
        // a provider: each thread waits for a cell of the other level, so the levels of a family
        // must see each other's waits.
        try await expectOneThreadCycles(
            [.of(LowerHalf.self), .of(UpperHalf.self), .of(LowerHalf.self)],
            [.of(UpperHalf.self), .of(LowerHalf.self), .of(UpperHalf.self)]
        ) { meeting in
            let slot = InjectorSlot()
            let parent = try makeInjector { binder in
                binder.bind(InjectorSlot.self, toInstance: slot)
                binder.bind(Rendezvous.self, toInstance: meeting)
                binder.bind(UpperHalf.self, to: UpperHalf.init).scope(.singleton)
            }
            let child = try parent.child { binder in binder.bind(LowerHalf.self, to: LowerHalf.init).scope(.singleton) }
            slot.injector = child
            return (
                { () throws(ResolutionError) in _ = try child.resolve(LowerHalf.self) },
                { () throws(ResolutionError) in _ = try parent.resolve(UpperHalf.self) }
            )
        }
    }

    @Test(
        "Singletons of two unrelated injectors whose initializers resolve each other's, built by two threads at once, fail with the one-thread cycle errors",
        .timeLimit(.minutes(1)))
    func unrelatedInjectorsCycleOnTwoThreads() async throws {
        // Each injector keeps the graph of its own builds; a build of one that waits for the other's
        // must make them see each other's waits.
        try await expectOneThreadCycles(
            [.of(LeftHalf.self), .of(RightHalf.self), .of(LeftHalf.self)],
            [.of(RightHalf.self), .of(LeftHalf.self), .of(RightHalf.self)]
        ) { meeting in
            let (toLeft, toRight) = (InjectorSlot(), InjectorSlot())
            let left = try makeInjector { binder in
                binder.bind(InjectorSlot.self, toInstance: toRight)
                binder.bind(Rendezvous.self, toInstance: meeting)
                binder.bind(LeftHalf.self, to: LeftHalf.init).scope(.singleton)
            }
            let right = try makeInjector { binder in
                binder.bind(InjectorSlot.self, toInstance: toLeft)
                binder.bind(Rendezvous.self, toInstance: meeting)
                binder.bind(RightHalf.self, to: RightHalf.init).scope(.singleton)
            }
            toLeft.injector = left
            toRight.injector = right
            return (
                { () throws(ResolutionError) in _ = try left.resolve(LeftHalf.self) },
                { () throws(ResolutionError) in _ = try right.resolve(RightHalf.self) }
            )
        }
    }

    /// Checks two requests whose builds wait for each other: made from one thread, each fails
    /// with the cycle of its loop; made from two threads at once (ten times, over fresh
    /// injectors), each fails with the same error (loop, key, first line and path), never a
    /// deadlock.
    /// - Parameter requests: Makes the injectors, whose initializers meet at `meeting`, and
    ///   returns the two requests.
    private func expectOneThreadCycles(
        _ firstLoop: [ServiceKey], _ secondLoop: [ServiceKey],
        _ requests: (Rendezvous) throws -> (
            @Sendable () throws(ResolutionError) -> Void, @Sendable () throws(ResolutionError) -> Void
        )
    ) async throws {
        let alone = try requests(Rendezvous(parties: 0))
        let firstAlone = try #require(#expect(throws: ResolutionError.self) { try alone.0() })
        let secondAlone = try #require(
            #expect(throws: ResolutionError.self) { try requests(Rendezvous(parties: 0)).1() })
        guard case .cycle(let first) = firstAlone.reason, case .cycle(let second) = secondAlone.reason else {
            Issue.record("expected cycle errors, got \(firstAlone) and \(secondAlone)")
            return
        }
        #expect(first == firstLoop)
        #expect(second == secondLoop)

        for _ in 0..<10 {
            let meeting = Rendezvous(parties: 2)
            let (one, other) = try requests(meeting)
            let threads = (RacingThread(one), RacingThread(other))
            guard try await eventually({ threads.0.result != nil && threads.1.result != nil }) else {
                Issue.record("the two threads deadlocked: after 40 seconds, not both had finished")
                return
            }
            #expect(!meeting.gaveUp, "both initializers must run at once for the race to be real")
            for (error, alone) in [(threads.0.failure, firstAlone), (threads.1.failure, secondAlone)] {
                guard case .cycle(let loop) = error?.reason, case .cycle(let aloneLoop) = alone.reason else {
                    Issue.record("expected a cycle error, got \(String(describing: error))")
                    continue
                }
                #expect(loop == aloneLoop)
                #expect(error?.key == alone.key)
                #expect(
                    error?.description.split(separator: "\n").first == alone.description.split(separator: "\n").first)
                // The thread that finds the loop names the other thread's builds in its path too.
                #expect(error?.path == alone.path)
            }
        }
    }

    @Test("An injector can be shared across tasks and actors because it is Sendable")
    func sendable() async throws {
        actor Holder {
            let injector: Injector
            init(injector: Injector) { self.injector = injector }
            func clock() throws -> Int { try injector.resolve(Clock.self).now }
        }
        let injector = try makeInjector { binder in binder.bind(Clock.self, to: SystemClock.init).scope(.singleton) }
        #expect(try await Holder(injector: injector).clock() == 1_000)
    }
}
