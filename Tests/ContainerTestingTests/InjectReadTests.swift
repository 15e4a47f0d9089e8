import Container
import ContainerTesting
import Testing

/// An `@Inject` property that the test's injector cannot resolve: a plain read records an
/// issue of the test, naming the property, the trait and the fix, and then stops the test
/// process (a property cannot throw); its projected value throws instead, failing that test
/// alone.
@Suite("An @Inject property the test's injector cannot resolve")
struct InjectReadTests {
    /// The resolution error of `Screen.clock` in a strict child of the test app that does not
    /// replace the live-only clock.
    static let refusedClock = """
        error: strict test injector refused live-only binding Clock (ContainerTestingTests/Fixtures.swift:\(AppModule.clockLine)) [G204]
          binding Clock (ContainerTestingTests/Fixtures.swift:\(AppModule.clockLine))
          fix: override Clock in the child injector, e.g. binder.bind(Clock.self, toInstance: fake)
        """

    /// The issue that the trait at `traitLine` of `file` records for an unresolvable `clock`.
    static func issue(trait: String) -> String {
        """
        @Inject Clock (ContainerTestingTests/Fixtures.swift:\(Screen.clockLine)) could not be resolved from the test's injector, made by \(trait) [G507]:
        \(refusedClock)
        The test process stops after this issue, since a property cannot throw: to fail only this test, resolve Clock from the test's injector before the property is read, or read the property through its projected value, try $name.get()
        """
    }

    @Test("A plain read records the issue on the test, then stops the test process with the same reason")
    func plainReadRecordsThenStops() async throws {
        let texts = Locked<[String]>([])
        let stderr = Locked<String?>(nil)
        await withKnownIssue {
            let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                // An exit test's process runs no test: the scope is opened without one.
                try await InjectorTrait.injecting(from: TestApp.injector, sourceLocation: .exitTestTrait)
                    .provideScope {
                        _ = Screen().clock
                        Issue.record("the read returned")
                    }
            }
            stderr.withLock { $0 = result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } }
        } matching: { issue in
            // Only the recorded error is known; a failed expectation or another issue still fails.
            guard issue.error != nil else { return false }
            texts.withLock { $0.append("\(issue.kind)") }
            return true
        }
        #expect(
            texts.current == [
                "Caught error: "
                    + Self.issue(trait: "the .injecting trait at ContainerTestingTests/InjectReadTests.swift:999")
            ])
        #expect(
            try #require(stderr.current).contains(
                """
                Fatal error: @Inject Clock (ContainerTestingTests/Fixtures.swift:\(Screen.clockLine)) could not be resolved [G302]:
                \(Self.refusedClock)
                """))
    }

    @Test("In a trait's scope, the error is recorded as an InjectorTraitError of the test at the trait")
    func recordedAtTheTrait() async throws {
        let test = try #require(Test.current)
        let traitLine = #line + 1
        let trait: InjectorTrait = .injecting(from: TestApp.injector)
        let errors = Locked<[InjectorTraitError]>([])
        let lines = Locked<[Int]>([])
        try await withKnownIssue {
            try await trait.provideScope(for: test, testCase: nil) {
                guard case .failure(let error) = Screen().$clock else {
                    Issue.record("the clock resolved")
                    return
                }
                let reporter = try #require(InjectError.reporter)
                reporter(error)
            }
        } matching: { issue in
            guard let error = issue.error as? InjectorTraitError else { return false }
            errors.withLock { $0.append(error) }
            lines.withLock { $0.append(issue.sourceLocation?.line ?? 0) }
            return true
        }
        let error = try #require(errors.current.only)
        guard case .injectFailed(let inject, let location) = error else {
            Issue.record("unexpected \(error)")
            return
        }
        #expect(location.line == traitLine)
        #expect(lines.current == [traitLine])
        #expect(inject.key == .of((any Clock).self))
        #expect(inject.site == DeclarationSite(fileID: "ContainerTestingTests/Fixtures.swift", line: Screen.clockLine))
        #expect(
            error.description
                == Self.issue(trait: "the .injecting trait at ContainerTestingTests/InjectReadTests.swift:\(traitLine)")
        )
        #expect(InjectError.reporter == nil)
    }

    @Test("Through its projected value, the read throws and fails its own test; the tests beside it run on")
    func projectedValueFailsOneTestOnly() async throws {
        let test = try #require(Test.current)
        let trait: InjectorTrait = .injecting(from: TestApp.injector) { binder in
            binder.bind(Transport.self, to: RecordingTransport.init).scope(.singleton)
        }
        let finished = Locked(0)
        let thrown = Locked<[InjectError]>([])
        await withTaskGroup(of: Void.self) { group in
            for number in 0..<20 {
                group.addTask {
                    do {
                        try await trait.provideScope(for: test, testCase: nil) {
                            let fake = try currentFake()
                            fake.record(number)
                            if number == 7 { _ = try Screen().$clock.get() }
                            try await Task.sleep(for: .milliseconds(5))
                            #expect(Screen().api.transport === fake)
                            #expect(fake.recorded == [number])
                            finished.withLock { $0 += 1 }
                        }
                    } catch let error as InjectError {
                        thrown.withLock { $0.append(error) }
                    } catch {
                        Issue.record("unexpected \(error)")
                    }
                }
            }
        }
        #expect(finished.current == 19)
        let error = try #require(thrown.current.only)
        guard case .unresolvable(let resolution) = error.reason, case .liveOnly = resolution.reason else {
            Issue.record("unexpected \(error)")
            return
        }
        #expect(
            error.description == """
                @Inject Clock (ContainerTestingTests/Fixtures.swift:\(Screen.clockLine)) could not be resolved [G302]:
                \(Self.refusedClock)
                """)
    }
}

extension SourceLocation {
    /// A trait location for the trait an exit test makes, whose real line the `#expect` macro
    /// around it would hide.
    static let exitTestTrait = SourceLocation(
        fileID: "ContainerTestingTests/InjectReadTests.swift", filePath: #filePath, line: 999, column: 1)
}
