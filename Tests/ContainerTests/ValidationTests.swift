@testable import Container
import Testing

final class Alpha: Sendable { init(beta: Beta) {} }
final class Beta: Sendable { init(gamma: Gamma) {} }
final class Gamma: Sendable { init(alpha: Alpha) {} }
final class Coordinator: Sendable { init(session: Session) {} }
final class Screen: Sendable { init(session: Session) {} }
final class ChainLink: Sendable {}
final class ChainHolder: Sendable {}
final class ChainMissing: Sendable {}

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
            binder.bind(APIClient.self, to: APIClient.init)  // Transport is missing
            binder.bind(Alpha.self, to: Alpha.init)  // a cycle of three
            binder.bind(Beta.self, to: Beta.init)
            binder.bind(Gamma.self, to: Gamma.init)
            binder.bind(Session.self) { Session(serial: 1) }.scope(.session)
            binder.bind(Coordinator.self, to: Coordinator.init).scope(.singleton)  // captive
            binder.bind(Clock.self, to: SystemClock.init)
            binder.bind(Clock.self, to: SystemClock.init)  // duplicate
            binder.bind(String.self, toInstance: "x").overriding()  // nothing to override
        }
        #expect(
            found.map(\.kind) == [
                .duplicateBinding, .overrideWithoutTarget, .missingBinding, .cycle, .captiveDependency,
            ])
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
        #expect(
            found.map(\.message) == [
                "captive dependency: singleton Coordinator holds session-scoped Session, which would outlive its scope"
            ])
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

    @Test(
        "A captive report names the shortest-lived scope a holder reaches, whatever the order of the bindings",
        arguments: [true, false])
    func captiveNamesShortestScope(weakFirst: Bool) throws {
        // A singleton holds a transient screen, which holds a weak session and a session clock.
        let found = try problems { binder in
            if weakFirst {
                binder.bind(Session.self) { Session(serial: 1) }.scope(.weak)
                binder.bind(Clock.self, to: SystemClock.init).scope(.session)
            } else {
                binder.bind(Clock.self, to: SystemClock.init).scope(.session)
                binder.bind(Session.self) { Session(serial: 1) }.scope(.weak)
            }
            binder.bind(Screen.self) { (session: Session, _: any Clock) in Screen(session: session) }
            binder.bind(Coordinator.self) { (_: Screen) in Coordinator(session: Session(serial: 0)) }.scope(.singleton)
        }
        #expect(
            found.map(\.message) == [
                "captive dependency: singleton Coordinator holds weak-scoped Session, which would outlive its scope"
            ])
        #expect(found.first?.path.map(\.key) == [.of(Coordinator.self), .of(Screen.self), .of(Session.self)])
        #expect(
            found.first?.fix
                == "give Coordinator a scope no longer than weak, or inject Provider<Screen> and call it when needed")
    }

    @Test(
        "Of two resettable scopes a holder reaches, the report names the same one whatever the order of the bindings",
        arguments: [true, false])
    func captiveBetweenResettableScopesIsDeterministic(requestFirst: Bool) throws {
        let found = try problems { binder in
            if requestFirst {
                binder.bind(Session.self) { Session(serial: 1) }.scope(.resettable("request"))
                binder.bind(Clock.self, to: SystemClock.init).scope(.session)
            } else {
                binder.bind(Clock.self, to: SystemClock.init).scope(.session)
                binder.bind(Session.self) { Session(serial: 1) }.scope(.resettable("request"))
            }
            binder.bind(Screen.self) { (session: Session, _: any Clock) in Screen(session: session) }
            binder.bind(Coordinator.self) { (_: Screen) in Coordinator(session: Session(serial: 0)) }.scope(.singleton)
        }
        #expect(
            found.map(\.message) == [
                "captive dependency: singleton Coordinator holds request-scoped Session, which would outlive its scope"
            ])
    }

    @Test("Shorter-lived holding longer-lived is fine, and a Provider never holds")
    func notCaptive() throws {
        let found = try problems { binder in
            binder.bind(Session.self) { Session(serial: 1) }.scope(.singleton)
            binder.bind(Coordinator.self, to: Coordinator.init).scope(.session)
            binder.bind(Clock.self, to: SystemClock.init).scope(.session)
            binder.bind(Screen.self) { (_: Provider<any Clock>) in Screen(session: Session(serial: 0)) }.scope(
                .singleton)
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

    // Validation's cost is measured from outside the validator, by what a test observes without
    // trusting the validator's own bookkeeping: the size of the reports it returns, and how
    // often it calls the lookups the test hands it. No clock is read.

    /// Graphs whose every binding has a problem that lies deep in a long chain.
    enum DeepProblems: String, CaseIterable, Sendable, CustomTestStringConvertible {
        /// `ChainLink "0" -> "1" -> ... -> "n-1"`, every link also needing a key that nothing
        /// binds (issue 8, item 6: these were quadratic, a path per missing key).
        case missingKeyPerLink = "a missing key per link of a chain"
        /// Singletons `ChainHolder "i"`, each holding transient links from `ChainLink "i"` down
        /// to one weak binding: each is captive through a path as long as the rest of the chain.
        case captivePerLink = "a captive singleton per link of a chain"

        func bind(_ binder: Binder, length: Int) {
            switch self {
            case .missingKeyPerLink:
                for index in 0..<length {
                    var needs: [ServiceKey] = [.of(ChainMissing.self, named: "m\(index)")]
                    if index + 1 < length { needs.append(.of(ChainLink.self, named: "\(index + 1)")) }
                    binder.bind(ChainLink.self, needs: needs) { _ in ChainLink() }.named("\(index)")
                }
            case .captivePerLink:
                binder.bind(ChainMissing.self) { ChainMissing() }.scope(.weak)
                for index in 0..<length {
                    let next: ServiceKey =
                        index + 1 < length ? .of(ChainLink.self, named: "\(index + 1)") : .of(ChainMissing.self)
                    binder.bind(ChainLink.self, needs: [next]) { _ in ChainLink() }.named("\(index)")
                    binder.bind(ChainHolder.self, needs: [.of(ChainLink.self, named: "\(index)")]) { _ in ChainHolder()
                    }
                    .named("\(index)").scope(.singleton)
                }
            }
        }

        /// How many steps lead to the problem of the `index`th link, the problem's own key included.
        func pathLength(toProblemAt index: Int, of length: Int) -> Int {
            switch self {
            case .missingKeyPerLink: index + 2  // links 0...index, then the missing key
            case .captivePerLink: length - index + 2  // the holder, links index..<length, the weak binding
            }
        }

        var testDescription: String { rawValue }
    }

    @Test(
        "Reports stay linear in the size of the graph, however deep its problems lie", arguments: DeepProblems.allCases)
    func linearReports(_ shape: DeepProblems) throws {
        let sizes = [1_000, 2_000, 4_000]
        let reports = sizes.map { length in
            let error = #expect(throws: ValidationError.self) {
                try makeInjector(validating: false) { shape.bind($0, length: length) }.validate()
            }
            return (problems: error?.problems ?? [], characters: error?.description.count ?? 0)
        }
        for (length, report) in zip(sizes, reports) {
            #expect(report.problems.count == length)
            // A path leaves steps out, and says how many: nothing is lost, only not printed.
            let fullLengths = report.problems.map { $0.path.count + $0.omittedSteps }
            #expect(fullLengths == (0..<length).map { shape.pathLength(toProblemAt: $0, of: length) })
        }
        // However deep a problem lies, its path is cut to the same few steps.
        let longest = reports.map { $0.problems.map(\.path.count).max() ?? 0 }
        #expect(longest[0] < 20)
        #expect(Set(longest).count == 1, "longest paths at 1k, 2k, 4k bindings: \(longest)")
        // Each doubling of the graph at most doubles the report, give or take a digit in the names.
        for (smaller, larger) in zip(reports, reports.dropFirst()) {
            let growth = Double(larger.characters) / Double(smaller.characters)
            #expect(growth < 2.1, "the report grew \(growth)x when the graph doubled")
        }
    }

    @Test("The validator asks about each missing key a fixed number of times, however deep it lies")
    func linearLookups() {
        func lookups(_ length: Int) -> Int {
            let binder = Binder()
            DeepProblems.missingKeyPerLink.bind(binder, length: length)
            let asked = Counter()
            var validator = GraphValidator(
                bindings: binder.finish().bindings,
                notServed: { _ in
                    asked.next()
                    return nil
                })
            #expect(validator.problems().count == length)
            return asked.value
        }
        let small = lookups(1_000)
        #expect(small > 0)
        #expect(lookups(2_000) == 2 * small)
        #expect(lookups(4_000) == 4 * small)
    }
}
