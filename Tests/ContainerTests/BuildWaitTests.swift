import Foundation
import Synchronization
import Testing

@testable import Container

/// A singleton whose initializer asks a provider for the slow singleton while another thread
/// builds it: its build waits from inside itself.
final class SlowReader: Sendable {
    let slow: SlowSingleton
    init(slow: Provider<SlowSingleton>) throws { self.slow = try slow() }
}

/// A singleton that needs `SlowReader`, so its build waits for the one that waits.
final class ReaderUser: Sendable {
    let reader: SlowReader
    init(reader: SlowReader) { self.reader = reader }
}

/// Three singletons of two unrelated injectors that make one loop: `LoopStart` (left) resolves
/// the right injector's `LoopMiddle`, which needs `LoopEnd`, whose initializer resolves the left
/// injector's `LoopStart`. `LoopStart` and `LoopEnd` wait at a gate first, so a test can stage
/// who waits for whom before the two families' wait graphs join.
final class LoopStart: Sendable {
    init(gate: Gate, right: InjectorSlot) throws {
        gate.enterAndWait()
        _ = try right.injector?.resolve(LoopMiddle.self)
    }
}

final class LoopMiddle: Sendable { init(end: LoopEnd) {} }

final class LoopEnd: Sendable {
    init(gate: Gate, left: InjectorSlot) throws {
        gate.enterAndWait()
        _ = try left.injector?.resolve(LoopStart.self)
    }
}

/// What requests that wait for a build get, staged one wait at a time: the promises of
/// ``Cell`` and ``WaitGraph`` that only a third party or a failure exercises.
@Suite("Waiting for a build")
struct BuildWaitTests {
    @Test(
        "Tasks waiting for an asynchronous singleton whose build fails get that error, and the factory runs once",
        .timeLimit(.minutes(1)))
    func waitersShareAFailure() async throws {
        let counter = Counter()
        let started = Signal()
        let release = Signal()
        let injector = try makeInjector { binder in
            binder.bind(Warehouse.self) { () async throws -> Warehouse in
                counter.next()
                started.open()
                await release.wait()
                throw WarehouseFailed()
            }.scope(.singleton)
        }
        let builder = Task { try await injector.resolveAsync(Warehouse.self) }
        await started.wait()
        let waiters = (0..<8).map { _ in Task { try await injector.resolveAsync(Warehouse.self) } }
        // Each waiter is waiting on its continuation, so none can find the build over and retry.
        let producer = try #require(injector.table.producer(for: .of(Warehouse.self)))
        let cell = try #require((producer as? Producer<Warehouse>)?.keepsCell as? Cell<Warehouse>)
        try #require(try await eventually { cell.waitingTasks == 8 })
        #expect(injector.family.waits.waitingRequests == 8)
        release.open()
        for task in [builder] + waiters {
            let error = await #expect(throws: ResolutionError.self) { try await task.value }
            guard case .factoryFailed(let cause) = error?.reason else {
                Issue.record("expected the factory's failure, got \(String(describing: error))")
                continue
            }
            #expect(cause is WarehouseFailed)
            #expect(error?.key == .of(Warehouse.self))
        }
        #expect(counter.value == 1, "a waiter built the singleton again instead of sharing the failure")
        #expect(injector.family.waits.waitingRequests == 0)
    }

    @Test(
        "A build that waits from inside itself for a singleton another thread builds is not a cycle, nor is a third build that waits for it",
        .timeLimit(.minutes(1)))
    func thirdPartyWaitIsNoCycle() async throws {
        let gate = Gate()
        let counters = (slow: Counter(), reader: Counter(), user: Counter())
        let injector = try makeInjector { binder in
            binder.bind(Gate.self, toInstance: gate)
            binder.bind(SlowSingleton.self) { (gate: Gate) in
                counters.slow.next()
                return SlowSingleton(gate: gate)
            }.scope(.singleton)
            binder.bind(SlowReader.self) { (slow: Provider<SlowSingleton>) in
                counters.reader.next()
                return try SlowReader(slow: slow)
            }.scope(.singleton)
            binder.bind(ReaderUser.self) { (reader: SlowReader) in
                counters.user.next()
                return ReaderUser(reader: reader)
            }.scope(.singleton)
        }
        let waits = injector.family.waits
        let slow = RacingThread { () throws(ResolutionError) in try injector.resolve(SlowSingleton.self) }
        try #require(try await eventually { gate.hasEntered })
        // The reader's build waits for the slow one from inside itself...
        let reader = RacingThread { () throws(ResolutionError) in try injector.resolve(SlowReader.self) }
        try #require(try await eventually { waits.waitingRequests == 1 })
        // ... and the user's build waits for the reader's.
        let user = RacingThread { () throws(ResolutionError) in try injector.resolve(ReaderUser.self) }
        try #require(try await eventually { waits.waitingRequests == 2 })
        gate.release()
        try #require(try await eventually { slow.result != nil && reader.result != nil && user.result != nil })
        #expect(!gate.gaveUp)
        let built = (try slow.result?.get(), try reader.result?.get(), try user.result?.get())
        #expect(built.1?.slow === built.0)
        #expect(built.2?.reader === built.1)
        #expect(try injector.resolve(ReaderUser.self) === built.2)
        #expect([counters.slow.value, counters.reader.value, counters.user.value] as [Int] == [1, 1, 1])
        #expect(waits.waitingRequests == 0)
    }

    @Test(
        "A loop across two injectors, where a request already waits when their wait graphs join, ends in cycle errors on every thread",
        .timeLimit(.minutes(2)), arguments: [false, true])
    func waitsBeforeAJoinAreKept(rightFirst: Bool) async throws {
        // Which graph the join keeps depends on the graphs' identities: made in both orders, so
        // that the wait recorded before the join is in the graph that is merged away at least once.
        for _ in 0..<3 {
            let (gates, slots) = ((start: Gate(), end: Gate()), (left: InjectorSlot(), right: InjectorSlot()))
            func left() throws -> Injector {
                try makeInjector { binder in
                    binder.bind(Gate.self, toInstance: gates.start)
                    binder.bind(InjectorSlot.self, toInstance: slots.right)
                    binder.bind(LoopStart.self, to: LoopStart.init).scope(.singleton)
                }
            }
            func right() throws -> Injector {
                try makeInjector { binder in
                    binder.bind(Gate.self, toInstance: gates.end)
                    binder.bind(InjectorSlot.self, toInstance: slots.left)
                    binder.bind(LoopMiddle.self, to: LoopMiddle.init).scope(.singleton)
                    binder.bind(LoopEnd.self, to: LoopEnd.init).scope(.singleton)
                }
            }
            let (l, r): (Injector, Injector)
            if rightFirst {
                let made = try right()
                (l, r) = (try left(), made)
            } else {
                (l, r) = (try left(), try right())
            }
            slots.left.injector = l
            slots.right.injector = r
            // The left thread builds the start and the right one the end, each held at its gate;
            let start = RacingThread { () throws(ResolutionError) in _ = try l.resolve(LoopStart.self) }
            let end = RacingThread { () throws(ResolutionError) in _ = try r.resolve(LoopEnd.self) }
            try #require(try await eventually { gates.start.hasEntered && gates.end.hasEntered })
            // a third builds the middle, which waits for the end: a wait of the right graph alone.
            let middle = RacingThread { () throws(ResolutionError) in _ = try r.resolve(LoopMiddle.self) }
            try #require(try await eventually { r.family.waits.waitingRequests == 1 })
            #expect(l.family.waits.waitingRequests == 0)
            // The start now resolves the middle from the right injector: the graphs join, and it waits.
            gates.start.release()
            try #require(try await eventually { l.family.waits.waitingRequests == 2 })
            // The end resolves the start, which closes the loop.
            gates.end.release()
            let threads = [start, middle, end]
            guard try await eventually({ threads.allSatisfy { $0.result != nil } }) else {
                Issue.record("the three threads deadlocked: a wait recorded before the join was lost")
                return
            }
            let loops = threads.map { thread -> [ServiceKey]? in
                guard case .cycle(let loop) = thread.failure?.reason else { return nil }
                return loop
            }
            #expect(
                loops == [
                    [.of(LoopStart.self), .of(LoopMiddle.self), .of(LoopEnd.self), .of(LoopStart.self)],
                    [.of(LoopMiddle.self), .of(LoopEnd.self), .of(LoopStart.self), .of(LoopMiddle.self)],
                    [.of(LoopEnd.self), .of(LoopStart.self), .of(LoopMiddle.self), .of(LoopEnd.self)],
                ], "\(threads.map { String(describing: $0.result) })")
            #expect(l.family.waits.waitingRequests == 0)
        }
    }
}
