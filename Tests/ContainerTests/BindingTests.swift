import Container
import Testing

@Suite("Binding and resolving")
struct BindingTests {
    @Test("An initializer binding is autowired from its parameter types")
    func autowiredInitializer() throws {
        let injector = try Injector(modules: [NetworkModule(), ShopV1Module()], versions: .init(default: "v1"))
        let cart = try injector.resolve(CartService.self)
        #expect(cart.version == "v1")
        #expect((cart as? CartV1)?.api.transport.name == "live")
    }

    @Test("A closure binding takes any number of typed parameters")
    func closureWithParameters() throws {
        let injector = try makeInjector { binder in
            binder.bind(Transport.self, to: FakeTransport.init)
            binder.bind(APIClient.self, to: APIClient.init)
            binder.bind(Clock.self) { FixedClock(now: 7) }
            binder.bind(CartService.self) { (api: APIClient, clock: any Clock) in CartV2(api: api, clock: clock) }
            binder.bind(String.self) { (t: any Transport, c: any Clock, cart: any CartService, api: APIClient) in
                "\(t.name) \(c.now) \(cart.version) \(api.transport.name)"
            }
        }
        #expect(try injector.resolve(String.self) == "fake 7 v2 fake")
    }

    @Test("Factories of zero to five parameters get each dependency in its place")
    func everyArity() throws {
        struct P1: Sendable { let v = 1 }
        struct P2: Sendable { let v = 2 }
        struct P3: Sendable { let v = 3 }
        struct P4: Sendable { let v = 4 }
        struct P5: Sendable { let v = 5 }
        let injector = try makeInjector { binder in
            binder.bind(P1.self, to: P1.init)
            binder.bind(P2.self, toInstance: P2())
            binder.bind(P3.self) { P3() }
            binder.bind(P4.self) { () throws -> P4 in P4() }
            binder.bind(P5.self, to: P5.init)
            binder.bind([Int].self) { (a: P1) in [a.v] }.named("1")
            binder.bind([Int].self) { (a: P2, b: P1) in [a.v, b.v] }.named("2")
            binder.bind([Int].self) { (a: P3, b: P1, c: P2) in [a.v, b.v, c.v] }.named("3")
            binder.bind([Int].self) { (a: P4, b: P3, c: P2, d: P1) in [a.v, b.v, c.v, d.v] }.named("4")
            binder.bind([Int].self) { (a: P5, b: P1, c: P4, d: P2, e: P3) in [a.v, b.v, c.v, d.v, e.v] }.named("5")
        }
        #expect(try injector.resolve([Int].self, named: "1") == [1])
        #expect(try injector.resolve([Int].self, named: "2") == [2, 1])
        #expect(try injector.resolve([Int].self, named: "3") == [3, 1, 2])
        #expect(try injector.resolve([Int].self, named: "4") == [4, 3, 2, 1])
        #expect(try injector.resolve([Int].self, named: "5") == [5, 1, 4, 2, 3])
        #expect(injector.graph.edges.filter { $0.from.name != nil }.count == 15)
    }

    @Test("The edges of an autowired binding are known before anything is built")
    func edgesKnownUpFront() throws {
        let counter = Counter()
        let injector = try makeInjector { binder in
            binder.bind(Transport.self) {
                counter.next()
                return FakeTransport()
            }
            binder.bind(APIClient.self, to: APIClient.init)
        }
        let edges = injector.graph.edges.map { "\($0.from) -> \($0.to)" }
        #expect(edges == ["APIClient -> Transport"])
        #expect(counter.value == 0)
    }

    @Test("An opaque binding asks a resolver for what it declared, and validation checks those edges")
    func opaqueBinding() throws {
        let injector = try makeInjector { binder in
            binder.bind(Transport.self, to: FakeTransport.init)
            binder.bind(APIClient.self, needs: Transport.self) { resolver in
                APIClient(transport: try resolver.resolve(Transport.self))
            }
        }
        #expect(try injector.resolve(APIClient.self).transport.name == "fake")
        let edges = injector.graph.edges.map { "\($0.from) -> \($0.to)" }
        #expect(edges == ["APIClient -> Transport"])
        #expect(injector.graph.nodes.first { $0.key == .of(APIClient.self) }?.isOpaque == true)
        #expect(injector.explain(APIClient.self).description.contains("needs: Transport (declared with needs:)"))
    }

    @Test("Building an injector runs no opaque factory; only resolving does, once per transient request")
    func opaqueFactoryRunsOnlyWhenResolved() throws {
        let counter = Counter()
        let injector = try makeInjector { binder in
            binder.bind(Transport.self, to: FakeTransport.init)
            binder.bind(APIClient.self, needs: Transport.self) { resolver in
                counter.next()
                return APIClient(transport: try resolver.resolve(Transport.self))
            }.scope(.singleton)
        }
        #expect(counter.value == 0)
        let first = try injector.resolve(APIClient.self)
        #expect(try injector.resolve(APIClient.self) === first)
        #expect(counter.value == 1)
    }

    @Test("An opaque binding's declared but unbound dependency is found by validation, before anything runs")
    func opaqueMissingDependency() throws {
        let counter = Counter()
        let found = try problems { binder in
            binder.bind(APIClient.self, needs: Transport.self) { resolver in
                counter.next()
                return APIClient(transport: try resolver.resolve(Transport.self))
            }
        }
        #expect(found.map(\.kind) == [.missingBinding])
        #expect(found.first?.message == "no binding for Transport")
        #expect(counter.value == 0)
    }

    @Test("An opaque factory that asks for something it did not declare is refused, naming the fix")
    func opaqueUndeclaredDependency() throws {
        let injector = try makeInjector { binder in
            binder.bind(Transport.self, to: FakeTransport.init)
            binder.bind(Clock.self, to: SystemClock.init)
            binder.bind(APIClient.self, needs: Transport.self) { resolver in
                _ = try resolver.resolve(Clock.self)
                return APIClient(transport: try resolver.resolve(Transport.self))
            }
        }
        let error = try #require(throws: ResolutionError.self) { try injector.resolve(APIClient.self) }
        let site = try #require(injector.graph.nodes.first { $0.key == .of(APIClient.self) }?.site)
        #expect(
            error.description == """
                error: the opaque factory of APIClient asked its resolver for Clock, which its needs: does not declare [G208]
                  binding APIClient (\(site))
                  fix: add Clock.self to the needs: of bind(APIClient.self, needs: ...), so that validation checks that edge too
                """)
    }

    @Test("An opaque factory may resolve a Provider or a named binding only in the form it declared")
    func opaqueDeclaredForms() throws {
        let injector = try makeInjector { binder in
            binder.bind(Transport.self, to: FakeTransport.init)
            binder.bind(String.self, toInstance: "replica").named("replica")
            binder.bind(APIClient.self, needs: Provider<Transport>.self) { resolver in
                APIClient(transport: try resolver.resolve(Provider<Transport>.self).get())
            }
            binder.bind(Int.self, needs: [.of(String.self, named: "replica")]) { resolver in
                try resolver.resolve(String.self, named: "replica").count
            }
            binder.bind(Clock.self, needs: Provider<Transport>.self) { resolver in
                _ = try resolver.resolve(Transport.self)
                return SystemClock()
            }
        }
        #expect(try injector.resolve(APIClient.self).transport.name == "fake")
        #expect(try injector.resolve(Int.self) == 7)
        #expect(injector.graph.edges.filter { $0.from == .of(APIClient.self) }.map(\.kind) == [.provider])
        let error = try #require(throws: ResolutionError.self) { try injector.resolve(Clock.self) }
        guard case .undeclared(let key, let kind) = error.reason else {
            Issue.record("expected an undeclared-dependency error, got \(error)")
            return
        }
        #expect(key == .of(Transport.self))
        #expect(kind == .direct)
    }

    @Test("A type declared twice in needs: is one edge")
    func opaqueDuplicateNeeds() throws {
        let injector = try makeInjector { binder in
            binder.bind(Clock.self, to: SystemClock.init)
            binder.bind(APIClient.self, needs: Clock.self, Clock.self) { _ in APIClient(transport: FakeTransport()) }
        }
        #expect(injector.graph.edges.map(\.to) == [.of((any Clock).self)])
        #expect(injector.explain(APIClient.self).description.contains("needs: Clock (declared with needs:)"))
    }

    @Test("A Resolver parameter in an autowired factory is a missing binding whose fix shows the needs: form")
    func resolverParameterNote() throws {
        let found = try problems { binder in
            binder.bind(Clock.self) { (_: Resolver) in SystemClock() }
        }
        #expect(found.map(\.kind) == [.missingBinding])
        #expect(
            found.first?.notes == [
                "note: a Resolver is given only to opaque factories, which declare what they resolve with needs:"
            ])
        #expect(
            found.first?.fix
                == "declare what the factory resolves: binder.bind(Clock.self, needs: A.self, B.self) { resolver in … }, or take A and B as the factory's parameters"
        )
    }

    @Test("An instance binding serves the same value to every request")
    func instanceBinding() throws {
        let clock = FixedClock(now: 42)
        let injector = try makeInjector { binder in binder.bind(Clock.self, toInstance: clock) }
        #expect(try injector.resolve(Clock.self) as? FixedClock === clock)
        #expect(try injector.resolve(Clock.self).now == 42)
    }

    @Test("Named bindings of one type stand side by side")
    func namedBindings() throws {
        let injector = try makeInjector { binder in
            binder.bind(String.self, toInstance: "default")
            binder.bind(String.self, toInstance: "primary").named("primary")
            binder.bind(String.self, toInstance: "replica").named("replica")
            binder.bind(Int.self, needs: [.of(String.self, named: "replica")]) { resolver in
                try resolver.resolve(String.self, named: "replica").count
            }
        }
        #expect(try injector.resolve(String.self) == "default")
        #expect(try injector.resolve(String.self, named: "primary") == "primary")
        #expect(try injector.resolve(String.self, named: "replica") == "replica")
        #expect(try injector.resolve(Int.self) == 7)
        #expect(injector.graph.edges.map(\.to) == [.of(String.self, named: "replica")])
    }

    @Test("Every binding records the file and line of its declaration")
    func declarationSites() throws {
        let line = #line + 2
        let injector = try makeInjector { binder in
            binder.bind(Clock.self, to: SystemClock.init)
        }
        let node = try #require(injector.graph.nodes.first)
        #expect(node.site == DeclarationSite(fileID: "ContainerTests/BindingTests.swift", line: line))
        #expect(node.site.description == "ContainerTests/BindingTests.swift:\(line)")
    }

    @Test("Resolving an unbound type throws a typed error instead of returning nil")
    func unboundTypeThrows() throws {
        let injector = try makeInjector { _ in }
        let error = #expect(throws: ResolutionError.self) { try injector.resolve(Clock.self) }
        #expect(error?.key == .of(Clock.self))
        guard case .noBinding = error?.reason else {
            Issue.record("expected noBinding, got \(String(describing: error?.reason))")
            return
        }
    }

    @Test("Resolving an unknown name throws, even when the type is bound without a name")
    func unknownNameThrows() throws {
        let injector = try makeInjector { binder in binder.bind(String.self, toInstance: "x") }
        let error = #expect(throws: ResolutionError.self) { try injector.resolve(String.self, named: "nope") }
        #expect(error?.key == .of(String.self, named: "nope"))
    }

    @Test("A factory's error reaches the caller with the path that needed it")
    func factoryErrorPropagates() throws {
        struct Offline: Error, CustomStringConvertible { var description: String { "the network is offline" } }
        let injector = try makeInjector { binder in
            binder.bind(Transport.self) { () throws -> any Transport in throw Offline() }
            binder.bind(APIClient.self, to: APIClient.init)
        }
        let error = #expect(throws: ResolutionError.self) { try injector.resolve(APIClient.self) }
        #expect(error?.key == .of(Transport.self))
        #expect(error?.path.map(\.key) == [.of(APIClient.self), .of(Transport.self)])
        guard case .factoryFailed(let underlying) = error?.reason else {
            Issue.record("expected factoryFailed")
            return
        }
        #expect(underlying is Offline)
    }

    /// A factory that cannot fail takes its own `bind` overload, which keeps the factory itself
    /// as the binding's build: it must serve every scope, and `await`, as a throwing one does.
    @Test(
        "A factory that cannot fail serves each scope as one that can, with and without await",
        arguments: [Scope.transient, .singleton, .weak, .session])
    func factoryThatCannotFail(scope: Scope) async throws {
        final class Plain: Sendable { init() {} }
        final class Failable: Sendable { init() throws {} }
        let injector = try makeInjector { binder in
            binder.bind(Plain.self, to: Plain.init).scope(scope)
            binder.bind(Failable.self, to: Failable.init).scope(scope)
        }
        let plain = try injector.resolve(Plain.self)
        let failable = try injector.resolve(Failable.self)
        let shared = scope != .transient
        #expect((try await injector.resolveAsync(Plain.self) === plain) == shared)
        #expect((try await injector.resolveAsync(Failable.self) === failable) == shared)
        #expect((try injector.resolve(Plain.self) === plain) == shared)
        injector.reset(.session)
        #expect((try injector.resolve(Plain.self) === plain) == (scope == .singleton || scope == .weak))
    }
}
