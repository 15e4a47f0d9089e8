import Container
import ContainerTesting
import Testing

@Suite("Checking every selection in one line")
struct EverySelectionTests {
    @Test("A graph that validates under every selection records no issue and returns what it checked")
    func validGraph() {
        let checked = Injector.expectEverySelectionValidates(modules: [Generations(v2NeedsClock: false)])
        #expect(checked.description == "every combination of 1 service across v1–v2 (2 selections)")
    }

    @Test("Each selection with a problem is one issue whose text names the selection and the problem")
    func brokenGraph() {
        let texts = Locked<[String]>([])
        withKnownIssue {
            let checked = Injector.expectEverySelectionValidates(modules: [Generations(v2NeedsClock: true)])
            #expect(checked.combinations.value == 2)
        } matching: { issue in
            texts.withLock { $0.append("\(issue.kind)") }
            return true
        }
        #expect(texts.current == [Generations.missingClockIssue(under: "v2")])
    }

    @Test("A selection with several problems is one issue that counts them, then lists each")
    func severalProblems() {
        let texts = Locked<[String]>([])
        withKnownIssue {
            Injector.expectEverySelectionValidates(modules: [TwoProblemGenerations()])
        } matching: { issue in
            texts.withLock { $0.append("\(issue.kind)") }
            return true
        }
        #expect(
            texts.current == [
                """
                Caught error: the graph under versions v2 does not validate: 2 problems
                error: no binding for Clock [G101]
                  needed by Transport (v2, ContainerTestingTests/EverySelectionTests.swift:\(TwoProblemGenerations.transportLine))
                         -> Clock
                  fix: bind Clock in one of the modules given to Injector(modules:)

                error: no binding for APIClient [G101]
                  needed by FixedClock (v2, ContainerTestingTests/EverySelectionTests.swift:\(TwoProblemGenerations.clockLine))
                         -> APIClient
                  fix: bind APIClient in one of the modules given to Injector(modules:)
                """
            ])
    }
}

/// Two generations of the transport; v2's needs a clock that nothing binds when `v2NeedsClock`.
struct Generations: Module {
    let v2NeedsClock: Bool
    /// The line of the v2 binding that needs a clock.
    static let brokenLine = declarationLine(of: Transport.self, version: "v2", in: Generations(v2NeedsClock: true))

    func configure(_ binder: Binder) {
        binder.bind(Transport.self, to: LiveTransport.init).version("v1")
        if v2NeedsClock {
            binder.bind(Transport.self) { (_: any Clock) in RecordingTransport() }.version("v2")
        } else {
            binder.bind(Transport.self, to: RecordingTransport.init).version("v2")
        }
    }

    /// The issue of a selection under which the v2 transport of `line` needs the missing clock,
    /// as a test report shows it.
    static func missingClockIssue(under selection: String, line: Int = brokenLine) -> String {
        """
        Caught error: the graph under versions \(selection) does not validate: no binding for Clock [G101]
          needed by Transport (v2, ContainerTestingTests/EverySelectionTests.swift:\(line))
                 -> Clock
          fix: bind Clock in one of the modules given to Injector(modules:)
        """
    }
}

/// Under v2, two problems: the v2 transport needs a clock, and the v2 clock an API client,
/// neither of which anything binds.
struct TwoProblemGenerations: Module {
    static let transportLine = declarationLine(of: Transport.self, version: "v2", in: TwoProblemGenerations())
    static let clockLine = declarationLine(of: FixedClock.self, version: "v2", in: TwoProblemGenerations())

    func configure(_ binder: Binder) {
        binder.bind(Transport.self) { (_: any Clock) in RecordingTransport() }.version("v2")
        binder.bind(FixedClock.self) { (_: APIClient) in FixedClock(hour: 1) }.version("v2")
        binder.bind(Transport.self, to: LiveTransport.init).version("v1")
    }
}
