import Container
import ContainerTesting
import Synchronization
import Testing

@Suite("Tests running in parallel never see each other's fakes")
struct ParallelIsolationTests {
    /// Each of the 50 cases writes its number into its fake, waits while the others run, then
    /// reads the fake back through `@Inject`, `Injector.default` and `Injector.current`.
    @Test(
        "Fifty tests at once, each with its own fake",
        .injecting(from: TestApp.injector) { binder in
            binder.bind(Transport.self, to: RecordingTransport.init).scope(.singleton)
        }, arguments: 0..<50)
    func fiftyInParallel(number: Int) async throws {
        let fake = try currentFake()
        fake.record(number)
        try await Task.sleep(for: .milliseconds(20))
        #expect(Screen().api.transport === fake)
        #expect(Injector.default === Injector.current)
        #expect(fake.recorded == [number])
        #expect(Fakes.claim(fake))
    }

    /// The same, without counting on the runner's parallelism: all 50 scopes are open at once
    /// before any of them looks at its fake.
    @Test("Fifty trait scopes open at once each see only their own fake")
    func fiftyScopesAtOnce() async throws {
        let test = try #require(Test.current)
        let trait: InjectorTrait = .injecting(from: TestApp.injector) { binder in
            binder.bind(Transport.self, to: RecordingTransport.init).scope(.singleton)
        }
        let inside = Locked(0)
        let seen = Locked<[Int: Int]>([:])
        try await withThrowingTaskGroup(of: Void.self) { group in
            for number in 0..<50 {
                group.addTask {
                    try await trait.provideScope(for: test, testCase: nil) {
                        let fake = try currentFake()
                        fake.record(number)
                        inside.withLock { $0 += 1 }
                        let deadline = ContinuousClock.now + .seconds(10)
                        while inside.current < 50, ContinuousClock.now < deadline {
                            try await Task.sleep(for: .milliseconds(1))
                        }
                        #expect(Screen().api.transport === fake)
                        #expect(fake.recorded == [number])
                        seen.withLock { $0[fake.serial] = number }
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(inside.current == 50)
        #expect(seen.current.count == 50)
        #expect(Injector.current == nil)
    }
}
