import Container
import ContainerTesting
import Testing

@Suite("Checking every selection in one line")
struct EverySelectionTests {
    @Test("A graph that validates under every selection records no issue and returns what it checked")
    func validGraph() {
        let checked = Injector.expectEverySelectionValidates(modules: [Generations(v2NeedsClock: false)])
        #expect(checked.map(\.description) == ["v1", "v1 (Transport=v2)", "v2", "v2 (Transport=v1)"])
    }

    @Test("Each selection with problems is one issue that names it and lists its problems")
    func brokenGraph() {
        let comments = Locked<[String]>([])
        withKnownIssue {
            let checked = Injector.expectEverySelectionValidates(modules: [Generations(v2NeedsClock: true)])
            #expect(checked.count == 4)
        } matching: { issue in
            comments.withLock { $0.append(issue.comments.map(\.rawValue).joined(separator: "\n")) }
            return true
        }
        #expect(
            comments.current.map { $0.prefix(while: { $0 != "\n" }) } == [
                "versions v1 (Transport=v2):", "versions v2:",
            ])
        #expect(
            comments.current.first == """
                versions v1 (Transport=v2):
                error: no binding for Clock
                  needed by Transport (v2, ContainerTestingTests/EverySelectionTests.swift:\(Generations.brokenLine))
                         -> Clock
                  fix: bind Clock in one of the modules given to Injector(modules:)

                1 problem in the dependency graph
                """)
    }
}

/// Two generations of the transport; v2's needs a clock that nothing binds when `v2NeedsClock`.
struct Generations: Module {
    let v2NeedsClock: Bool
    /// The line of the v2 binding that needs a clock.
    static let brokenLine = #line + 5

    func configure(_ binder: Binder) {
        binder.bind(Transport.self, to: LiveTransport.init).version("v1")
        if v2NeedsClock {
            binder.bind(Transport.self) { (_: any Clock) in RecordingTransport() }.version("v2")
        } else {
            binder.bind(Transport.self, to: RecordingTransport.init).version("v2")
        }
    }
}
