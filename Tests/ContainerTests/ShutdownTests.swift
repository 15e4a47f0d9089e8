import Container
import Synchronization
import Testing

// A small server's graph: a depot, a tally that keeps what the depot holds, a courier that
// needs neither, and per-request clerks.
final class Depot: Sendable {}
final class Tally: Sendable {
    let depot: Depot
    init(depot: Depot) { self.depot = depot }
}
final class Courier: Sendable {}
final class Clerk: Sendable {
    let tally: Tally
    init(tally: Tally) { self.tally = tally }
}
/// A singleton that reaches the tally only through the transient clerk.
final class Kiosk: Sendable {
    let clerk: Clerk
    init(clerk: Clerk) { self.clerk = clerk }
}
final class Beacon: Sendable {}
final class Spool: Sendable {
    let serial: Int
    init(serial: Int) { self.serial = serial }
}
@MainActor final class Banner {
    var isClosed = false
    init() {}
}
/// Holds a provider of the courier, which holds it back: a loop that validation allows.
final class Relay: Sendable {
    let courier: Provider<Courier>
    init(courier: Provider<Courier>) { self.courier = courier }
}
struct Jammed: Error, CustomStringConvertible {
    let what: String
    var description: String { "\(what) is jammed" }
}

/// A closer that says in `log` that `name` closed.
func closing<T>(_ name: String, _ log: Log) -> @Sendable (T) async throws -> Void {
    { _ in log.append("close \(name)") }
}

@Suite("Shutdown")
struct ShutdownTests {
    /// Depot <- Tally, Courier on its own; each closes into `log`.
    static func server(_ log: Log, scope: Scope = .singleton) -> TestModule {
        TestModule { binder in
            binder.bind(Depot.self, to: Depot.init).scope(scope).closing(closing("Depot", log))
            binder.bind(Tally.self, to: Tally.init).scope(scope).closing(closing("Tally", log))
            binder.bind(Courier.self, to: Courier.init).scope(scope).closing(closing("Courier", log))
            binder.bind(Clerk.self, to: Clerk.init)
        }
    }

    @Test("A closer on a transient binding is a validation problem (G114)")
    func closerOnTransient() throws {
        let found = try problems { binder in
            binder.bind(Depot.self, to: Depot.init).closing { _ in }.scope(.weak)
            binder.bind(Tally.self, toInstance: Tally(depot: Depot())).closing { _ in }
            binder.bind(Clerk.self, to: Clerk.init).closing { _ in }
        }
        #expect(found.map(\.kind) == [.closesTransient])
        let problem = try #require(found.first)
        #expect(problem.diagnosticID == DiagnosticID("G114"))
        #expect(problem.subject == .of(Clerk.self))
        #expect(
            problem.description == """
                error: Clerk declares closing(_:), but it is transient: the injector keeps none of its instances, so none would ever close [G114]
                  declared at \(problem.site!)
                  fix: give Clerk a scope that keeps its instance, such as .scope(.singleton), or remove closing(_:) and let whoever holds each instance close it
                """)
    }

    @Test("The graph and explain say which bindings close")
    func introspection() throws {
        let injector = try Injector(modules: [Self.server(Log())])
        let node = try #require(injector.graph.nodes.first { $0.key == .of(Tally.self) })
        #expect(node.closesAtShutdown)
        #expect(injector.graph.nodes.first { $0.key == .of(Clerk.self) }?.closesAtShutdown == false)
        let text = injector.graph.rendered(as: .text)
        #expect(text.contains("\nTally [singleton, closes at shutdown] "))
        #expect(text.contains("\nClerk [transient] "))
        #expect(
            injector.explain(Tally.self).description.contains(
                "\n  closes: at shutdown, each instance the injector keeps, once the kept instances that depend on it have closed\n"
            ))
        #expect(!injector.explain(Clerk.self).description.contains("closes:"))
    }
}
