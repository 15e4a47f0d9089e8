import Container
import Testing

final class Loop: Sendable { init(screen: Screen) {} }

/// A child injector stores only its own bindings and checks only what they can change; these
/// pin that it still catches every problem a child can introduce.
@Suite("Child injectors as layers")
struct ChildLayeringTests {
    private func parent() throws -> Injector {
        try makeInjector { binder in
            binder.bind(Session.self) { Session(serial: 1) }
            binder.bind(Screen.self, to: Screen.init)
            binder.bind(Coordinator.self, to: Coordinator.init).scope(.singleton)
            binder.bind(String.self, toInstance: "parent").named("title")
            binder.bind(Clock.self, to: SystemClock.init)
        }
    }

    @Test("A child binding that closes a cycle through the parent's graph is reported")
    func childClosesCycle() throws {
        let error = #expect(throws: ValidationError.self) {
            _ = try parent().child { binder in
                binder.bind(Session.self) { (_: Loop) in Session(serial: 2) }
                binder.bind(Loop.self, to: Loop.init)
            }
        }
        #expect(error?.problems.map(\.kind) == [.cycle])
        #expect(error?.problems.first?.message == "dependency cycle: Screen -> Session -> Loop -> Screen")
    }

    @Test("A child binding that makes a parent singleton captive is reported")
    func childMakesCaptive() throws {
        let error = #expect(throws: ValidationError.self) {
            _ = try parent().child { binder in binder.bind(Session.self) { Session(serial: 2) }.scope(.session) }
        }
        #expect(
            error?.problems.map(\.message) == [
                "captive dependency: singleton Coordinator holds session-scoped Session, which would outlive its scope"
            ])
    }

    @Test("A child binding with a missing dependency is reported")
    func childMissingDependency() throws {
        let error = #expect(throws: ValidationError.self) {
            _ = try parent().child { binder in binder.bind(APIClient.self, to: APIClient.init) }
        }
        #expect(error?.problems.map(\.message) == ["no binding for Transport"])
    }

    @Test("validate() on a child checks the whole merged graph")
    func validateChild() throws {
        let child = try parent().child { binder in binder.bind(Clock.self, toInstance: FixedClock(now: 1)) }
        try child.validate()
        #expect(child.graph.nodes.count == 5)
        #expect(child.graph.nodes.filter(\.isOverridden).map(\.key) == [.of(Clock.self)])
    }

    @Test("A grandchild sees its own, its parent's and the root's bindings")
    func grandchild() throws {
        let root = try parent()
        let child = try root.child { binder in binder.bind(Clock.self, toInstance: FixedClock(now: 1)) }
        let grandchild = try child.child { binder in binder.bind(String.self, toInstance: "grandchild").named("title") }
        #expect(try grandchild.resolve(Clock.self).now == 1)
        #expect(try grandchild.resolve(String.self, named: "title") == "grandchild")
        #expect(try child.resolve(String.self, named: "title") == "parent")
        #expect(try grandchild.resolve(Coordinator.self) === root.resolve(Coordinator.self))
    }

    @Test("A provider resolved from a child serves the child's overrides")
    func providerInChild() throws {
        let child = try parent().child { binder in binder.bind(Clock.self, toInstance: FixedClock(now: 7)) }
        #expect(try child.resolve(Provider<any Clock>.self)().now == 7)
        #expect(try child.resolve(Lazy<any Clock>.self).value.now == 7)
    }

    @Test("A child's binding of a new type resolves, and its own problems name it")
    func childAddsType() throws {
        let child = try parent().child { binder in binder.bind(Int.self) { (clock: any Clock) in clock.now } }
        #expect(try child.resolve(Int.self) == 1_000)
        #expect(child.explain(Int.self).binding?.isOverridden == true)
    }
}
