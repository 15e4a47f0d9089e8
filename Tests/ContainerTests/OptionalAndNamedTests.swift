import Container
import Testing

private enum Replica: BindingName { static let name = "replica" }
private enum Primary: BindingName { static let name = "primary" }

private final class Database: Sendable {
    let name: String
    let serial: Int
    init(name: String, serial: Int) {
        self.name = name
        self.serial = serial
    }
}

private final class Report: Sendable {
    let database: Database
    init(database: Named<Replica, Database>) { self.database = database.value }
}

/// A service with an optional collaborator: it works without one.
private final class Checkout: Sendable {
    let clock: (any Clock)?
    init(clock: (any Clock)?) { self.clock = clock }
}

private final class Audit: Sendable {
    let checkout: Checkout
    init(checkout: Checkout?) { self.checkout = checkout! }
}

/// Asks for the replica through wrappers inside Named, and for an unbound name optionally.
private final class ReplicaUser: Sendable {
    let optional: Database?
    let missing: Database?
    let provider: Provider<Database>
    init(
        optional: Named<Replica, Database?>, missing: Named<Primary, Database?>,
        provider: Named<Replica, Provider<Database>>
    ) {
        self.optional = optional.value
        self.missing = missing.value
        self.provider = provider.value
    }
}

/// Asks for the replica, and for an unbound name, optionally only.
private final class ReplicaReader: Sendable {
    let optional: Database?
    let missing: Database?
    init(optional: Named<Replica, Database?>, missing: Named<Primary, Database?>) {
        self.optional = optional.value
        self.missing = missing.value
    }
}

@Suite("Optional dependencies")
struct OptionalDependencyTests {
    @Test(
        "An optional parameter gets the bound instance, or nil when nothing binds it, and validation does not complain")
    func boundOrNil() throws {
        let without = try makeInjector { binder in binder.bind(Checkout.self, to: Checkout.init) }
        #expect(try without.resolve(Checkout.self).clock == nil)
        let with = try makeInjector { binder in
            binder.bind(Checkout.self, to: Checkout.init)
            binder.bind(Clock.self, to: SystemClock.init)
        }
        #expect(try with.resolve(Checkout.self).clock?.now == 1_000)
    }

    @Test(
        "resolve(T?.self) is nil for an unbound T, and still throws when T is bound but fails to build",
        arguments: [Scope.transient, .singleton, .session])
    func resolveOptional(scope: Scope) throws {
        let empty = try makeInjector { _ in }
        #expect(try empty.resolve((any Clock)?.self) == nil)
        struct Broken: Error {}
        let failing = try makeInjector { binder in
            binder.bind(Clock.self) { () throws -> any Clock in throw Broken() }.scope(scope)
        }
        let error = try #require(throws: ResolutionError.self) { try failing.resolve((any Clock)?.self) }
        guard case .factoryFailed(let underlying) = error.reason else {
            Issue.record("expected the factory's error, got \(error)")
            return
        }
        #expect(underlying is Broken)
    }

    @Test("An optional edge shares a singleton like any edge, and a child's binding fills it for the child only")
    func sharingAndChildren() throws {
        let counter = Counter()
        let parent = try makeInjector { binder in
            binder.bind(Checkout.self, to: Checkout.init).scope(.singleton)
        }
        let child = try parent.child { binder in
            binder.bind(Clock.self) { () -> any Clock in
                counter.next()
                return FixedClock(now: 7)
            }.scope(.singleton)
        }
        #expect(try parent.resolve(Checkout.self).clock == nil)
        let inChild = try child.resolve(Checkout.self)
        #expect(inChild.clock?.now == 7)
        #expect(try child.resolve(Checkout.self) === inChild)
        #expect(try parent.resolve(Checkout.self) !== inChild)
        #expect(counter.value == 1)
    }

    @Test("A strict child still refuses a live-only binding behind an optional edge")
    func strictChild() throws {
        let parent = try makeInjector { binder in
            binder.bind(Checkout.self, to: Checkout.init)
            binder.bind(Clock.self, to: SystemClock.init).liveOnly()
        }
        let strict = try parent.child(strict: true) { _ in }
        let error = try #require(throws: ResolutionError.self) { try strict.resolve(Checkout.self) }
        guard case .liveOnly = error.reason else {
            Issue.record("expected a live-only refusal, got \(error)")
            return
        }
    }

    @Test("Cycles and captive scopes are still checked through a bound optional edge")
    func validatedWhenBound() throws {
        let found = try problems { binder in
            binder.bind(Checkout.self, to: Checkout.init).scope(.singleton)
            binder.bind(Clock.self, to: SystemClock.init).scope(.session)
            binder.bind(Audit.self, to: Audit.init)
        }
        #expect(found.map(\.kind) == [.captiveDependency])
        #expect(
            found.first?.message
                == "captive dependency: singleton Checkout holds session-scoped Clock, which would outlive its scope")
    }

    @Test("The graph marks optional edges, and lists what they lead to when nothing binds it")
    func graph() throws {
        let injector = try makeInjector { binder in binder.bind(Checkout.self, to: Checkout.init) }
        let graph = injector.graph
        #expect(graph.edges.map(\.kind) == [.optional])
        #expect(graph.unbound.isEmpty)
        #expect(graph.absent == [.of((any Clock).self)])
        let text = graph.rendered(as: .text).split(separator: "\n").dropFirst().joined(separator: "\n")
        let site = try #require(graph.nodes.first?.site)
        #expect(
            text == """
                Checkout [transient] \(site)
                  -> Clock (optional)
                Clock [not bound; optional, so nil]
                """)
        #expect(injector.explain(Checkout.self).description.contains("needs: optional Clock"))
    }
}

@Suite("Named dependencies")
struct NamedDependencyTests {
    @Test(
        "An autowired factory asks for a named binding with Named, across scopes",
        arguments: [Scope.transient, .singleton, .weak, .session])
    func namedParameter(scope: Scope) throws {
        let counter = Counter()
        let injector = try makeInjector { binder in
            binder.bind(Database.self) { Database(name: "primary", serial: counter.next()) }.named(Primary.self).scope(
                scope)
            binder.bind(Database.self) { Database(name: "replica", serial: counter.next()) }.named(Replica.self).scope(
                scope)
            binder.bind(Report.self, to: Report.init)
        }
        let first = try injector.resolve(Report.self)
        let second = try injector.resolve(Report.self)
        #expect(first.database.name == "replica")
        #expect((first.database === second.database) == (scope != .transient))
        #expect(injector.graph.edges.map(\.to) == [.of(Database.self, named: "replica")])
    }

    @Test("Provider, Lazy and optional parameters reach named bindings too, injected and resolved")
    func wrapped() throws {
        let injector = try makeInjector { binder in
            binder.bind(Database.self) { Database(name: "replica", serial: 1) }.named(Replica.self).scope(.singleton)
        }
        let provided = try injector.resolve(Provider<Named<Replica, Database>>.self).get().value
        let lazily = try injector.resolve(Lazy<Named<Replica, Database>>.self).value.value
        let optional = try injector.resolve(Named<Replica, Database>?.self)?.value
        #expect(provided === lazily)
        #expect(optional === provided)
        #expect(try injector.resolve(Named<Primary, Database>?.self) == nil)
        #expect(try injector.resolve(Database.self, named: Replica.name) === provided)
    }

    @Test("A Named parameter whose binding is missing is a missing binding that names the key")
    func missing() throws {
        let found = try problems { binder in binder.bind(Report.self, to: Report.init) }
        #expect(found.map(\.kind) == [.missingBinding])
        #expect(found.first?.message == "no binding for Database named \"replica\"")
    }

    @Test("A child overrides a named binding for the dependants it rebuilds")
    func childOverride() throws {
        let parent = try makeInjector { binder in
            binder.bind(Database.self) { Database(name: "replica", serial: 1) }.named(Replica.self).scope(.singleton)
            binder.bind(Report.self, to: Report.init).scope(.singleton)
        }
        let child = try parent.child { binder in
            binder.bind(Database.self) { Database(name: "fake", serial: 2) }.named(Replica.self)
        }
        #expect(try child.resolve(Report.self).database.name == "fake")
        #expect(try parent.resolve(Report.self).database.name == "replica")
    }

    // MARK: Wrappers asked for under a string name

    private func replicas(_ scope: Scope, counter: Counter, name: String = "replica") -> @Sendable (Binder) -> Void {
        { binder in
            binder.bind(Database.self) { Database(name: name, serial: counter.next()) }.named(Replica.self).scope(scope)
        }
    }

    @Test(
        "resolve(T?.self, named:), resolve(Provider<T>.self, named:) and resolve(Lazy<T>.self, named:) reach the named binding, across scopes",
        arguments: [Scope.transient, .singleton, .weak, .session])
    func stringNamedWrappers(scope: Scope) throws {
        let counter = Counter()
        let injector = try makeInjector(replicas(scope, counter: counter))
        let optional = try #require(try injector.resolve(Database?.self, named: Replica.name))
        let provider = try injector.resolve(Provider<Database>.self, named: Replica.name)
        let lazy = try injector.resolve(Lazy<Database>.self, named: Replica.name)
        #expect(counter.value == 1)
        let provided = try provider()
        #expect(optional.name == "replica" && provided.name == "replica")
        #expect((provided === optional) == (scope != .transient))
        #expect(try lazy.value === lazy.value)
        #expect(try injector.resolve(Database?.self, named: Primary.name) == nil)
        #expect(try injector.resolve(Provider<Database?>.self, named: Primary.name)() == nil)
        #expect(try injector.resolve(Lazy<Database?>.self, named: Primary.name).value == nil)
    }

    @Test(
        "A string-named wrapper of a missing binding throws at once, naming the binding and never advising to bind the wrapper"
    )
    func stringNamedWrapperMissing() throws {
        let injector = try makeInjector(replicas(.singleton, counter: Counter()))
        for error in [
            try #require(throws: ResolutionError.self) {
                try injector.resolve(Provider<Database>.self, named: "primary")
            },
            try #require(throws: ResolutionError.self) { try injector.resolve(Lazy<Database>.self, named: "primary") },
            try #require(throws: ResolutionError.self) { try injector.resolve(Database.self, named: "primary") },
        ] {
            #expect(
                error.description == """
                    error: no binding for Database named "primary" [G201]
                      note: Database is bound under the name "replica"
                      fix: bind Database named "primary" in one of the modules given to Injector(modules:)
                    """)
        }
    }

    @Test("Named<N, T?> and Named<N, Provider<T>> parameters reach the named binding; an unbound name gives nil")
    func wrappersInsideNamed() throws {
        let counter = Counter()
        let injector = try makeInjector { binder in
            self.replicas(.singleton, counter: counter)(binder)
            binder.bind(ReplicaUser.self, to: ReplicaUser.init)
        }
        let user = try injector.resolve(ReplicaUser.self)
        #expect(user.optional?.name == "replica")
        #expect(user.missing == nil)
        #expect(try user.provider() === user.optional)
        #expect(counter.value == 1)
        let edges = injector.graph.edges.filter { $0.from == .of(ReplicaUser.self) }
        #expect(edges.map(\.kind) == [.optional, .optional, .provider])
        #expect(
            edges.map(\.to) == [
                .of(Database.self, named: "replica"), .of(Database.self, named: "primary"),
                .of(Database.self, named: "replica"),
            ])
    }

    @Test("An opaque factory declares and resolves T?, Provider<T> and Lazy<T> of a named binding")
    func opaqueNamedWrappers() throws {
        let injector = try makeInjector { binder in
            self.replicas(.singleton, counter: Counter())(binder)
            binder.bind(
                Report.self,
                needs: [
                    .of(Database?.self, named: "primary"), .of(Provider<Database>.self, named: "replica"),
                    .of(Lazy<Database>.self, named: "replica"),
                ]
            ) { resolver in
                let missing = try resolver.resolve(Database?.self, named: "primary")
                let provider = try resolver.resolve(Provider<Database>.self, named: "replica")
                let lazy = try resolver.resolve(Lazy<Database>.self, named: "replica")
                #expect(missing == nil)
                #expect(try provider() === lazy.value)
                return Report(database: Named(try provider()))
            }
        }
        #expect(try injector.resolve(Report.self).database.name == "replica")
        let found = try problems { binder in
            binder.bind(
                Report.self,
                needs: [.of(Database?.self, named: "primary"), .of(Provider<Database>.self, named: "replica")]
            ) { _ in
                Report(database: Named(Database(name: "", serial: 0)))
            }
        }
        #expect(found.map(\.message) == [#"no binding for Database named "replica""#])
    }

    @Test("String-named wrappers meet versions, children and strict children")
    func stringNamedWrappersMeetFeatures() throws {
        let counter = Counter()
        let parent = try makeInjector(versions: VersionSelection(default: "v1")) { binder in
            binder.bind(Database.self) { Database(name: "v1", serial: counter.next()) }.named(Replica.self).version(
                "v1"
            )
            .scope(.singleton).liveOnly()
            binder.bind(Database.self) { Database(name: "v2", serial: counter.next()) }.named(Replica.self).version(
                "v2")
            binder.bind(Database.self) { Database(name: "later", serial: 0) }.named(Primary.self).version("v2")
        }
        #expect(try parent.resolve(Provider<Database>.self, named: Replica.name)().name == "v1")
        #expect(try parent.resolve(Database?.self, named: Primary.name) == nil)
        let child = try parent.child(replicas(.singleton, counter: counter, name: "fake"))
        #expect(try child.resolve(Lazy<Database>.self, named: Replica.name).value.name == "fake")
        let strict = try parent.child(strict: true) { _ in }
        let refused = try #require(throws: ResolutionError.self) {
            try strict.resolve(Database?.self, named: Replica.name)
        }
        guard case .liveOnly = refused.reason else {
            Issue.record("expected a live-only refusal, got \(refused)")
            return
        }
        #expect(try strict.resolve(Provider<Database?>.self, named: Primary.name)() == nil)
    }

    @Test("A Named<N, T?> parameter awaits an asynchronous named binding")
    func namedOptionalAwaited() async throws {
        let injector = try makeInjector { binder in
            binder.bind(Database.self) { () async throws -> Database in Database(name: "replica", serial: 1) }
                .named(Replica.self).scope(.singleton)
            binder.bind(ReplicaReader.self, to: ReplicaReader.init)
        }
        let reader = try await injector.resolveAsync(ReplicaReader.self)
        #expect(reader.optional?.name == "replica")
        #expect(reader.missing == nil)
    }

    @Test("Wrappers under a string name resolve with await too")
    func stringNamedWrappersAwaited() async throws {
        let injector = try makeInjector(replicas(.singleton, counter: Counter()))
        let provider = try await injector.resolveAsync(Provider<Database>.self, named: Replica.name)
        #expect(try await injector.resolveAsync(Database?.self, named: Replica.name) === provider())
        #expect(try await injector.resolveAsync(Database?.self, named: Primary.name) == nil)
    }
}
