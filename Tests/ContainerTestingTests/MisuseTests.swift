import Container
import ContainerTesting
import Synchronization
import Testing

/// A trait's misuse is recorded as an issue of the test, with an `InjectorTraitError` that says
/// what to do, and the test's body does not run. These open the trait's scope by hand, inside
/// `withKnownIssue`, as the runner does around a test.
@Suite("Misusing the trait is an issue, not a crash")
struct MisuseTests {
    /// Runs `trait`'s scope around a body, and returns the errors of the issues it recorded,
    /// the issues' text as a test report shows it, and whether the body ran.
    func misuse(_ trait: InjectorTrait, inside outer: InjectorTrait? = nil) async throws -> (
        errors: [InjectorTraitError], texts: [String], ran: Bool
    ) {
        let test = try #require(Test.current)
        let ran = Flag()
        let errors = Locked<[InjectorTraitError]>([])
        let texts = Locked<[String]>([])
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
            texts.withLock { $0.append("\(issue.kind)") }
            return true
        }
        return (errors.current, texts.current, ran.isSet)
    }

    @Test("No injector given: .injecting(from:) with nil, and the issue reads without a second error prefix")
    func noInjectorGiven() async throws {
        let (errors, texts, ran) = try await misuse(.injecting(from: nil))
        #expect(!ran)
        #expect(
            texts == [
                """
                Caught error: .injecting(from:) was given no injector (nil) [G501]
                  fix: pass the app's injector, built once in a static let that the test target defines
                """
            ])
        let error = try #require(errors.only)
        guard case .noInjectorGiven = error else {
            Issue.record("unexpected \(error)")
            return
        }
        #expect(
            error.description == """
                .injecting(from:) was given no injector (nil) [G501]
                  fix: pass the app's injector, built once in a static let that the test target defines
                """)
    }

    @Test("No injector given: .injecting { … } with no enclosing trait")
    func noEnclosingInjector() async throws {
        let (errors, _, ran) = try await misuse(
            .injecting { binder in binder.bind(Clock.self, toInstance: FixedClock(hour: 1)) })
        #expect(!ran)
        let error = try #require(errors.only)
        guard case .noEnclosingInjector = error else {
            Issue.record("unexpected \(error)")
            return
        }
        #expect(
            error.description == """
                .injecting { … } has no injector to derive from: neither its suite nor an earlier trait of the test gives one [G502]
                  fix: write .injecting(from: appInjector) { … } here, or put .injecting(from: appInjector) on the suite
                """)
    }

    @Test("Nested traits: .injecting(from:) inside another .injecting trait")
    func nested() async throws {
        let outerLine = #line + 1
        let outer: InjectorTrait = .injecting(from: TestApp.injector)
        let (errors, _, ran) = try await misuse(.injecting(from: TestApp.injector), inside: outer)
        #expect(!ran)
        let error = try #require(errors.only)
        guard case .nested(let location) = error else {
            Issue.record("unexpected \(error)")
            return
        }
        #expect(location.line == outerLine)
        #expect(
            error.description == """
                .injecting(from:) is nested inside the .injecting trait at ContainerTestingTests/MisuseTests.swift:\(outerLine), whose overrides it would drop [G503]
                  fix: write this one as .injecting { … } to add to the enclosing injector, or keep only one of the two
                """)
    }

    @Test("A given injector that throws")
    func givenInjectorFails() async throws {
        let (errors, _, ran) = try await misuse(.injecting(from: try Injector(modules: [BrokenModule()])))
        #expect(!ran)
        let error = try #require(errors.only)
        guard case .givenInjectorFailed(let cause) = error else {
            Issue.record("unexpected \(error)")
            return
        }
        #expect(cause is ValidationError)
        #expect(
            error.description.hasPrefix(
                "the injector given to .injecting(from:) could not be built [G504]:\nerror: no binding for Ledger [G101]"
            ))
    }

    @Test("A child whose bindings do not validate")
    func childFails() async throws {
        let traitLine = #line + 2
        let (errors, _, ran) = try await misuse(
            .injecting(from: TestApp.injector) { binder in
                BrokenModule().configure(binder)
            })
        #expect(!ran)
        let error = try #require(errors.only)
        guard case .childFailed(let cause, let trait) = error else {
            Issue.record("unexpected \(error)")
            return
        }
        #expect(cause is ValidationError)
        #expect(trait.line == traitLine)
        #expect(
            error.description == """
                the test's injector could not be built [G506]:
                error: no binding for Ledger [G101]
                  needed by FixedClock (ContainerTestingTests/MisuseTests.swift:\(BrokenModule.line))
                         -> Ledger
                  fix: bind Ledger in one of the modules given to Injector(modules:)

                1 problem in the dependency graph
                """)
    }

    @Test("Modules that do not build under the trait's selection")
    func modulesFail() async throws {
        let (errors, texts, ran) = try await misuse(
            .injecting(from: [Generations(v2NeedsClock: true)], versions: VersionSelection(default: "v2")))
        #expect(!ran)
        let error = try #require(errors.only)
        guard case .modulesFailed(let versions, let cause) = error else {
            Issue.record("unexpected \(error)")
            return
        }
        #expect(versions == VersionSelection(default: "v2"))
        #expect(cause is ValidationError)
        #expect(
            texts == [
                """
                Caught error: the injector that .injecting(from:versions:) builds from its modules under versions v2 could not be built [G505]:
                error: no binding for Clock [G101]
                  needed by Transport (v2, ContainerTestingTests/EverySelectionTests.swift:\(Generations.brokenLine))
                         -> Clock
                  fix: bind Clock in one of the modules given to Injector(modules:)

                1 problem in the dependency graph
                """
            ])
    }

    @Test("Nested traits: .injecting(from:versions:) inside another .injecting trait")
    func nestedSelection() async throws {
        let outerLine = #line + 1
        let outer: InjectorTrait = .injecting(from: TestApp.injector)
        let (errors, _, ran) = try await misuse(
            .injecting(from: [VersionedApp()], versions: VersionSelection(default: "v1")), inside: outer)
        #expect(!ran)
        guard case .nested(let location) = try #require(errors.only) else {
            Issue.record("unexpected \(errors)")
            return
        }
        #expect(location.line == outerLine)
    }

    @Test(
        "Bindings written in a @Test attribute all report the declaration's line, and the issue says why",
        HeldTrait(
            trait: .injecting(from: TestApp.injector) { binder in
                binder.bind(Clock.self, toInstance: FixedClock(hour: 1))
                binder.bind(Clock.self, toInstance: FixedClock(hour: 2))
            }))
    func bindingsInAnAttribute() async throws {
        let declaration = "ContainerTestingTests/MisuseTests.swift:\(#line - 1)"
        let held = try #require(Test.current?.traits.compactMap { $0 as? HeldTrait }.only)
        let (errors, _, ran) = try await misuse(held.trait)
        #expect(!ran)
        #expect(
            errors.map(\.description) == [
                """
                the test's injector could not be built [G506]:
                error: duplicate binding of Clock [G104]
                  first declared at \(declaration)
                  again declared at \(declaration)
                  fix: remove one of them, or add .overriding() to the second if it is meant to replace the first

                1 problem in the dependency graph
                note: \(declaration) is the line of the test's declaration: Swift Testing's @Test and @Suite macros give that line to all the code in their attribute, so it is not the line of each binding written there; declare the bindings in a Module or a static func to see each one's line
                """
            ])
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

/// Holds a trait written in a test's attribute without applying it, so that the test can run
/// its scope by hand and see what the macro made of it.
struct HeldTrait: TestTrait {
    let trait: InjectorTrait
}

/// A module whose only binding needs a type nothing binds.
struct BrokenModule: Module {
    /// The line of its binding.
    static let line = declarationLine(of: FixedClock.self, in: BrokenModule())

    func configure(_ binder: Binder) {
        binder.bind(FixedClock.self) { (_: Ledger) in FixedClock(hour: 0) }
    }
}

/// A type that nothing binds.
final class Ledger: Sendable {}

extension Array {
    /// The one element, or `nil` when there are none or several.
    var only: Element? { count == 1 ? first : nil }
}
