@testable import Container
import Testing

final class Alpha: Sendable { init(beta: Beta) {} }
final class Beta: Sendable { init(gamma: Gamma) {} }
final class Gamma: Sendable { init(alpha: Alpha) {} }
final class Coordinator: Sendable { init(session: Session) {} }
final class Screen: Sendable { init(session: Session) {} }

@Suite("Whole-graph validation")
struct ValidationTests {
    @Test("Building an injector validates, and a broken graph does not build")
    func buildValidates() {
        let error = #expect(throws: ValidationError.self) {
            _ = try makeInjector { binder in binder.bind(APIClient.self, to: APIClient.init) }
        }
        #expect(error?.problems.map(\.kind) == [.missingBinding])
    }

    @Test("A valid graph has no problems")
    func validGraph() throws {
        let injector = try Injector(modules: [NetworkModule(), ShopV1Module(), ShopV2Module()])
        try injector.validate()
    }

    @Test("Every problem is reported at once")
    func allProblemsAtOnce() throws {
        let found = try problems { binder in
            binder.bind(APIClient.self, to: APIClient.init)              // Transport is missing
            binder.bind(Alpha.self, to: Alpha.init)                      // a cycle of three
            binder.bind(Beta.self, to: Beta.init)
            binder.bind(Gamma.self, to: Gamma.init)
            binder.bind(Session.self) { Session(serial: 1) }.scope(.session)
            binder.bind(Coordinator.self, to: Coordinator.init).scope(.singleton)  // captive
            binder.bind(Clock.self, to: SystemClock.init)
            binder.bind(Clock.self, to: SystemClock.init)                // duplicate
            binder.bind(String.self, toInstance: "x").overriding()       // nothing to override
        }
        #expect(found.map(\.kind) == [.duplicateBinding, .overrideWithoutTarget, .missingBinding, .cycle, .captiveDependency])
    }

    @Test("A missing binding names the whole path that needs it, and everyone else who does")
    func missingBindingPath() throws {
        let found = try problems { binder in
            binder.bind(CartService.self, to: CartV2.init)
            binder.bind(APIClient.self, to: APIClient.init)
            binder.bind(Clock.self, to: SystemClock.init)
            binder.bind(String.self) { (transport: any Transport) in transport.name }
        }
        #expect(found.count == 1)
        let problem = try #require(found.first)
        #expect(problem.path.map(\.key) == [.of(CartService.self), .of(APIClient.self), .of(Transport.self)])
        #expect(problem.notes == ["also needed by String"])
    }

    @Test("A cycle is reported as the whole loop")
    func cycleOfThree() throws {
        let found = try problems { binder in
            binder.bind(Alpha.self, to: Alpha.init)
            binder.bind(Beta.self, to: Beta.init)
            binder.bind(Gamma.self, to: Gamma.init)
        }
        #expect(found.map(\.message) == ["dependency cycle: Alpha -> Beta -> Gamma -> Alpha"])
        #expect(found.first?.path.map(\.key) == [.of(Alpha.self), .of(Beta.self), .of(Gamma.self), .of(Alpha.self)])
    }

    @Test("A binding that needs itself is a cycle")
    func selfCycle() throws {
        let found = try problems { binder in
            binder.bind(Session.self) { (other: Session) in other }
        }
        #expect(found.map(\.message) == ["dependency cycle: Session -> Session"])
    }

    @Test("A singleton holding a session-scoped binding is captive")
    func singletonHoldsSession() throws {
        let found = try problems { binder in
            binder.bind(Session.self) { Session(serial: 1) }.scope(.session)
            binder.bind(Coordinator.self, to: Coordinator.init).scope(.singleton)
        }
        #expect(found.map(\.message) == ["captive dependency: singleton Coordinator holds session-scoped Session, which would outlive its scope"])
    }

    @Test("A captive held through a transient binding is still captive")
    func captiveThroughTransient() throws {
        let found = try problems { binder in
            binder.bind(Session.self) { Session(serial: 1) }.scope(.weak)
            binder.bind(Screen.self, to: Screen.init)
            binder.bind(Coordinator.self) { (_: Screen) in Coordinator(session: Session(serial: 0)) }.scope(.session)
        }
        #expect(found.map(\.kind) == [.captiveDependency])
        #expect(found.first?.path.map(\.key) == [.of(Coordinator.self), .of(Screen.self), .of(Session.self)])
    }

    @Test("Shorter-lived holding longer-lived is fine, and a Provider never holds")
    func notCaptive() throws {
        let found = try problems { binder in
            binder.bind(Session.self) { Session(serial: 1) }.scope(.singleton)
            binder.bind(Coordinator.self, to: Coordinator.init).scope(.session)
            binder.bind(Clock.self, to: SystemClock.init).scope(.session)
            binder.bind(Screen.self) { (_: Provider<any Clock>) in Screen(session: Session(serial: 0)) }.scope(.singleton)
        }
        #expect(found.isEmpty)
    }

    @Test("Two different resettable scopes cannot hold each other")
    func differentResettableScopes() throws {
        let found = try problems { binder in
            binder.bind(Session.self) { Session(serial: 1) }.scope(.resettable("request"))
            binder.bind(Coordinator.self, to: Coordinator.init).scope(.session)
        }
        #expect(found.map(\.kind) == [.captiveDependency])
    }

    @Test("A duplicate names both declaration sites; .overriding() replaces without a problem")
    func duplicates() throws {
        let found = try problems { binder in
            binder.bind(Clock.self, to: SystemClock.init)
            binder.bind(Clock.self, to: SystemClock.init)
        }
        #expect(found.map(\.kind) == [.duplicateBinding])
        #expect(found.first?.notes.count == 2)
        let injector = try makeInjector { binder in
            binder.bind(Clock.self, to: SystemClock.init)
            binder.bind(Clock.self) { FixedClock(now: 2) }.overriding()
        }
        #expect(try injector.resolve(Clock.self).now == 2)
    }

    @Test("Different versions or names of one type are not duplicates")
    func notDuplicates() throws {
        let found = try problems { binder in
            binder.bind(Clock.self, to: SystemClock.init).version("v1")
            binder.bind(Clock.self, to: SystemClock.init).version("v2")
            binder.bind(Clock.self, to: SystemClock.init).named("utc")
            binder.bind(Clock.self, to: SystemClock.init)
        }
        #expect(found.isEmpty)
    }

    @Test("Validation work grows linearly with bindings + edges")
    func linearWork() {
        let recipe = Binder().bind(Session.self, toInstance: Session(serial: 0)).draft.recipe
        func chain(_ length: Int) -> [Binding] {
            (0..<length).map { index in
                Binding(key: .of(Session.self, named: "\(index)"), versionText: nil,
                        scope: index.isMultiple(of: 3) ? .singleton : .transient,
                        isOverriding: false, isLiveOnly: false,
                        site: DeclarationSite(fileID: "Test/Chain.swift", line: index),
                        recipe: recipe,
                        dependencies: index + 1 < length
                            ? [Dependency(key: .of(Session.self, named: "\(index + 1)"), kind: .direct)] : [])
            }
        }
        let small = GraphValidator.validate(bindings: chain(1_000), unsatisfied: { _ in nil })
        let large = GraphValidator.validate(bindings: chain(100_000), unsatisfied: { _ in nil })
        #expect(small.problems.isEmpty && large.problems.isEmpty)
        let perElementSmall = Double(small.work) / 1_999
        let perElementLarge = Double(large.work) / 199_999
        #expect(abs(perElementLarge / perElementSmall - 1) < 0.05, "work per binding+edge: \(perElementSmall) at 1k, \(perElementLarge) at 100k")
    }
}
