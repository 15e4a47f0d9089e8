import Container
import ContainerTesting
import XCTest

/// The XCTest form: a body run with the test's own strict child as the current injector.
final class XCTestInjectorTests: XCTestCase {
    func testSynchronousBodyRunsWithTheChildCurrent() throws {
        let fake = RecordingTransport()
        let serial = try withInjector(from: TestApp.injector) { binder in
            binder.bind(Transport.self, toInstance: fake)
        } run: { injector in
            XCTAssertTrue(Injector.current === injector)
            XCTAssertTrue(Injector.default === injector)
            XCTAssertTrue(injector !== TestApp.injector)
            XCTAssertTrue(Screen().api.transport === fake)
            return (try injector.resolve(Transport.self) as? RecordingTransport)?.serial
        }
        XCTAssertEqual(serial, fake.serial)
        XCTAssertNil(Injector.current)
    }

    func testAsynchronousBodyAndItsTasksSeeTheChild() async throws {
        let fake = RecordingTransport()
        try await withInjectorAsync(from: TestApp.injector) { binder in
            binder.bind(Transport.self, toInstance: fake)
        } run: { injector in
            async let fromChildTask = Screen().api.transport
            let transport = await fromChildTask
            XCTAssertTrue(transport === fake)
            XCTAssertTrue(Injector.current === injector)
        }
        XCTAssertNil(Injector.current)
    }

    @MainActor
    func testMainActorBodyStaysOnTheMainActor() async throws {
        try await withInjectorAsync(from: TestApp.injector) { binder in
            binder.bind(Clock.self, toInstance: FixedClock(hour: 5))
        } run: { _ in
            MainActor.assertIsolated()
            XCTAssertEqual(Screen().clock.hour, 5)
        }
    }

    func testTheChildIsStrict() throws {
        try withInjector(from: TestApp.injector) { _ in
        } run: { injector in
            XCTAssertThrowsError(try injector.resolve(Clock.self)) { error in
                XCTAssertTrue(error is ResolutionError)
            }
        }
    }

    func testAChildThatDoesNotValidateIsThrownAndTheBodyDoesNotRun() {
        var ran = false
        XCTAssertThrowsError(
            try withInjector(from: TestApp.injector) { binder in
                BrokenModule().configure(binder)
            } run: { _ in
                ran = true
            }
        ) { error in
            XCTAssertTrue(error is ValidationError)
        }
        XCTAssertFalse(ran)
    }
}

/// A failure that a test recorded.
struct RecordedFailure: Equatable {
    let description: String
    let line: Int
}

/// Tests of what fails a test: each keeps the failures of one block instead of reporting them.
class FailureKeepingTestCase: XCTestCase {
    private var kept: [RecordedFailure]?

    /// Runs `body`, and returns the failures it recorded, which fail nothing.
    func failures<Result>(of body: () throws -> Result) rethrows -> (Result, [RecordedFailure]) {
        kept = []
        defer { kept = nil }
        let result = try body()
        return (result, kept ?? [])
    }

    /// Runs the asynchronous `body`, and returns the failures it recorded, which fail nothing.
    func failuresAsync<Result>(of body: () async throws -> Result) async rethrows -> (Result, [RecordedFailure]) {
        kept = []
        defer { kept = nil }
        let result = try await body()
        return (result, kept ?? [])
    }

    override func recordFailure(
        withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool
    ) {
        guard kept != nil else {
            return super.recordFailure(
                withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
        kept?.append(RecordedFailure(description: description, line: lineNumber))
    }
}

/// The XCTest forms of the checks that record issues in Swift Testing.
final class XCTestFailureTests: FailureKeepingTestCase {
    func testEachFailingSelectionFailsOnceAtTheCallersLineNamingTheSelectionAndTheProblem() {
        let line = #line + 2
        let (checked, recorded) = failures {
            XCTAssertEverySelectionValidates(modules: [Generations(v2NeedsClock: true)])
        }
        XCTAssertEqual(checked.description, "every combination of 1 service across v1–v2 (2 selections)")
        XCTAssertEqual(
            recorded,
            ["v2"].map { selection in
                RecordedFailure(
                    description: "failed - "
                        + Generations.missingClockIssue(under: selection).dropFirst("Caught error: ".count),
                    line: line)
            })
    }

    func testAGraphThatValidatesFailsNothing() {
        let (checked, recorded) = failures {
            XCTAssertEverySelectionValidates(modules: [Generations(v2NeedsClock: false)])
        }
        XCTAssertEqual(checked.combinations.value, 2)
        XCTAssertEqual(recorded, [])
    }

    func testAnUnresolvableInjectFailsTheTestAtTheCallOfWithInjector() throws {
        let line = #line + 2
        let (_, recorded) = try failures {
            try withInjector(from: TestApp.injector) { _ in
            } run: { _ in
                guard case .failure(let error) = Screen().$clock else { return XCTFail("the clock resolved") }
                try XCTUnwrap(InjectError.reporter)(error)
            }
        }
        XCTAssertNil(InjectError.reporter)
        XCTAssertEqual(
            recorded,
            [
                RecordedFailure(
                    description: "failed - "
                        + InjectReadTests.issue(trait: "withInjector at XCTestInjectorTests.swift:\(line)"),
                    line: line)
            ])
    }

    func testAnUnresolvableInjectFailsTheTestAtTheCallOfWithInjectorAsync() async throws {
        let line = #line + 2
        let (_, recorded) = try await failuresAsync {
            try await withInjectorAsync(from: TestApp.injector) { _ in
            } run: { _ in
                async let failure = Screen().$clock
                guard case .failure(let error) = await failure else { return XCTFail("the clock resolved") }
                try XCTUnwrap(InjectError.reporter)(error)
            }
        }
        XCTAssertEqual(
            recorded,
            [
                RecordedFailure(
                    description: "failed - "
                        + InjectReadTests.issue(trait: "withInjectorAsync at XCTestInjectorTests.swift:\(line)"),
                    line: line)
            ])
    }
}
