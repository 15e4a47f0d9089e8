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
