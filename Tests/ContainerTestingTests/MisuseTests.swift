import Container
import ContainerTesting
import Synchronization
import Testing

/// A trait's misuse is recorded as an issue of the test, with an `InjectorTraitError` that says
/// what to do, and the test's body does not run. These open the trait's scope by hand, inside
/// `withKnownIssue`, as the runner does around a test.
@Suite("Misusing the trait is an issue, not a crash")
struct MisuseTests {
    /// Runs `trait`'s scope around a body, and returns the errors of the issues it recorded and
    /// whether the body ran.
    func misuse(_ trait: InjectorTrait, inside outer: InjectorTrait? = nil) async throws -> (
        errors: [InjectorTraitError], ran: Bool
    ) {
        let test = try #require(Test.current)
        let ran = Flag()
        let errors = Locked<[InjectorTraitError]>([])
        try await withKnownIssue {
            let run = { @Sendable in try await trait.provideScope(for: test, testCase: nil) { ran.set() } }
            if let outer {
                try await outer.provideScope(for: test, testCase: nil, performing: run)
            } else {
                try await run()
            }
        } matching: { issue in
            guard let error = issue.error as? InjectorTraitError else { return false }
            errors.withLock { $0.append(error) }
            return true
        }
        return (errors.current, ran.isSet)
    }

    @Test("No injector given: .injecting(from:) with nil")
    func noInjectorGiven() async throws {
        let (errors, ran) = try await misuse(.injecting(from: nil))
        #expect(!ran)
        let error = try #require(errors.only)
        guard case .noInjectorGiven = error else {
            Issue.record("unexpected \(error)")
            return
        }
        #expect(
            error.description == """
                error: .injecting(from:) was given no injector (nil)
                  fix: pass the app's injector, built once in a static let that the test target defines
                """)
    }

    @Test("No injector given: .injecting { … } with no enclosing trait")
    func noEnclosingInjector() async throws {
        let (errors, ran) = try await misuse(
            .injecting { binder in binder.bind(Clock.self, toInstance: FixedClock(hour: 1)) })
        #expect(!ran)
        let error = try #require(errors.only)
        guard case .noEnclosingInjector = error else {
            Issue.record("unexpected \(error)")
            return
        }
        #expect(
            error.description == """
                error: .injecting { … } has no injector to derive from: neither its suite nor an earlier trait of the test gives one
                  fix: write .injecting(from: appInjector) { … } here, or put .injecting(from: appInjector) on the suite
                """)
    }

    @Test("Nested traits: .injecting(from:) inside another .injecting trait")
    func nested() async throws {
        let outerLine = #line + 1
        let outer: InjectorTrait = .injecting(from: TestApp.injector)
        let (errors, ran) = try await misuse(.injecting(from: TestApp.injector), inside: outer)
        #expect(!ran)
        let error = try #require(errors.only)
        guard case .nested(let location) = error else {
            Issue.record("unexpected \(error)")
            return
        }
        #expect(location.line == outerLine)
        #expect(
            error.description == """
                error: .injecting(from:) is nested inside the .injecting trait at ContainerTestingTests/MisuseTests.swift:\(outerLine), whose overrides it would drop
                  fix: write this one as .injecting { … } to add to the enclosing injector, or keep only one of the two
                """)
    }

    @Test("A given injector that throws")
    func givenInjectorFails() async throws {
        let (errors, ran) = try await misuse(.injecting(from: try Injector(modules: [BrokenModule()])))
        #expect(!ran)
        let error = try #require(errors.only)
        guard case .givenInjectorFailed(let cause) = error else {
            Issue.record("unexpected \(error)")
            return
        }
        #expect(cause is ValidationError)
        #expect(
            error.description.hasPrefix(
                "error: the injector given to .injecting(from:) could not be built:\nerror: no binding for String"))
    }

    @Test("A child whose bindings do not validate")
    func childFails() async throws {
        let (errors, ran) = try await misuse(
            .injecting(from: TestApp.injector) { binder in
                BrokenModule().configure(binder)
            })
        #expect(!ran)
        let error = try #require(errors.only)
        guard case .childFailed(let cause) = error else {
            Issue.record("unexpected \(error)")
            return
        }
        #expect(cause is ValidationError)
        #expect(
            error.description.hasPrefix("error: the test's injector could not be built:\nerror: no binding for String"))
    }

    @Test("The test's injector is current only inside the trait's scope")
    func scopeEnds() async throws {
        let test = try #require(Test.current)
        let inside = Locked<Injector?>(nil)
        try await InjectorTrait.injecting(from: TestApp.injector).provideScope(for: test, testCase: nil) {
            inside.withLock { $0 = Injector.current }
        }
        let child = try #require(inside.current)
        #expect(child !== TestApp.injector)
        #expect(Injector.current == nil)
    }
}

/// A module whose only binding needs a type nothing binds.
struct BrokenModule: Module {
    func configure(_ binder: Binder) {
        binder.bind(FixedClock.self) { (hour: String) in FixedClock(hour: hour.count) }
    }
}

extension Array {
    /// The one element, or `nil` when there are none or several.
    var only: Element? { count == 1 ? first : nil }
}
