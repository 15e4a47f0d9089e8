import Container
import Testing

/// A service whose instances say which build made them and with which transport.
final class GridService: Sendable {
    let serial: Int
    let transport: any Transport
    init(serial: Int, transport: any Transport) {
        self.serial = serial
        self.transport = transport
    }
}

/// What the service is bound as too, with `.implements`.
protocol GridServing: Sendable {}
extension GridService: GridServing {}

/// The name of the grid's named bindings, for `Named`.
enum GridPrimary: BindingName { static let name = "primary" }

/// Takes the service as a factory parameter.
final class GridConsumer: Sendable {
    let service: GridService
    init(service: GridService) { self.service = service }
}

/// Takes the service as an optional parameter: the service if bound, else nil.
final class GridOptionalConsumer: Sendable {
    let service: GridService?
    init(service: GridService?) { self.service = service }
}

/// Takes the binding of the service named "primary" as a typed parameter.
final class GridNamedConsumer: Sendable {
    let service: GridService
    init(service: Named<GridPrimary, GridService>) { self.service = service.value }
}

/// Keeps a provider of the service named "primary"; a singleton.
final class GridNamedProviderHolder: Sendable {
    let service: Provider<Named<GridPrimary, GridService>>
    init(service: Provider<Named<GridPrimary, GridService>>) { self.service = service }
}

/// Takes the list named "primary" that the service is contributed to.
final class GridNamedListConsumer: Sendable {
    let services: [GridService]
    init(services: Named<GridPrimary, [GridService]>) { self.services = services.value }
}

/// Keeps a provider of the service; bound as a singleton, as the guide's cycle advice and the
/// captive-dependency fix suggest.
final class GridProviderHolder: Sendable {
    let service: Provider<GridService>
    init(service: Provider<GridService>) { self.service = service }
}

/// Keeps a lazy service; transient, since holding a lazy value holds its instance.
final class GridLazyHolder: Sendable {
    let service: Lazy<GridService>
    init(service: Lazy<GridService>) { self.service = service }
}

/// Every way of reaching a binding, crossed with every scope it can have: each cell builds its
/// own injector, asks twice, and checks whether the two answers are one instance and how many
/// times the factory ran. `grid` below is the whole specification, in one place.
@Suite("Feature × scope grid")
struct FeatureScopeGridTests {
    enum Feature: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case resolve = "resolve"
        case injected = "injected parameter"
        case provider = "Provider in a singleton"
        case lazy = "Lazy"
        case opaque = "opaque factory"
        case named = "named"
        case optional = "optional parameter"
        case namedParameter = "Named<> parameter"
        case providerOfNamed = "Provider<Named<>> in a singleton"
        case providerByName = "resolve(Provider<T>.self, named:), called twice"
        case optionalByName = "resolve(T?.self, named:)"
        case implements = "resolve, then as a type it .implements"
        case namedListItem = "item of a Named<> list"
        case namedListItemInChild = "item of a named list, parent then child adding an item"
        case child = "parent, then child"
        case strictChild = "strict child overriding a dependency"
        case afterReset = "before and after reset"

        var testDescription: String { rawValue }
    }

    enum GridScope: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case transient, singleton, eagerSingleton, weak, session
        case custom = "resettable(\"request\")"

        var scope: Scope {
            switch self {
            case .transient: .transient
            case .singleton: .singleton
            case .eagerSingleton: .eagerSingleton
            case .weak: .weak
            case .session: .session
            case .custom: .resettable("request")
            }
        }

        /// The scope a cell resets: its own when it can be reset, else `.session`, which must
        /// leave it alone. (Resetting a scope that cannot be reset stops the program; that is
        /// pinned by the exit test "Resetting a scope that cannot be reset" in MisuseTests, and
        /// cannot run in-process.)
        var resetTarget: Scope {
            switch self {
            case .session, .custom: scope
            case .transient, .singleton, .eagerSingleton, .weak: .session
            }
        }

        var testDescription: String { rawValue }
    }

    /// What one cell expects.
    struct Expectation: Sendable, Equatable {
        /// Whether the cell's two requests got the same instance.
        let sameInstance: Bool
        /// How many times the factory ran once the injectors were built, before any request.
        let buildsBeforeRequests: Int
        /// How many times the factory ran in all.
        let builds: Int

        /// A new instance per request.
        static let fresh = Expectation(sameInstance: false, buildsBeforeRequests: 0, builds: 2)
        /// One instance, built on the first request.
        static let once = Expectation(sameInstance: true, buildsBeforeRequests: 0, builds: 1)
        /// One instance, built while the injector was built.
        static let atBuild = Expectation(sameInstance: true, buildsBeforeRequests: 1, builds: 1)
    }

    /// What a scope promises, whatever way the binding is reached: the expectation of every cell
    /// that ``expected(_:_:)`` does not list as an exception.
    static func promised(by scope: GridScope) -> Expectation {
        switch scope {
        case .transient: .fresh
        case .eagerSingleton: .atBuild
        case .singleton, .weak, .session, .custom: .once
        }
    }

    /// The cells whose feature changes what the scope alone promises: a strict child overriding
    /// a dependency builds its own instance besides the parent's (one more build in each), and
    /// a reset empties only a resettable scope, and only its own (`resetTarget`).
    static func expected(_ feature: Feature, _ scope: GridScope) -> Expectation {
        let promised = promised(by: scope)
        switch feature {
        case .strictChild:
            return Expectation(
                sameInstance: promised.sameInstance,
                buildsBeforeRequests: promised.buildsBeforeRequests * 2, builds: promised.builds + 1)
        case .afterReset where scope == .session || scope == .custom:
            return .fresh
        default:
            return promised
        }
    }

    /// What a cell saw.
    struct Observation {
        let first: GridService
        let second: GridService
        let buildsBeforeRequests: Int
        let builds: Int
        /// The graph of the injector the second request was made of.
        let graph: DependencyGraph
    }

    @Test(
        "Each feature serves each scope with the documented sharing and build count",
        arguments: Feature.allCases, GridScope.allCases)
    func cell(_ feature: Feature, _ scope: GridScope) throws {
        let expected = Self.expected(feature, scope)
        let seen = try Self.observe(feature, scope)
        #expect(
            (seen.first === seen.second) == expected.sameInstance,
            "serials \(seen.first.serial) and \(seen.second.serial)")
        #expect(seen.buildsBeforeRequests == expected.buildsBeforeRequests)
        #expect(seen.builds == expected.builds)
    }

    @Test("The strict child's and the reset's cells are the exceptions, each counted in full")
    func exceptions() {
        #expect(
            Self.expected(.strictChild, .transient)
                == Expectation(sameInstance: false, buildsBeforeRequests: 0, builds: 3))
        #expect(
            Self.expected(.strictChild, .singleton)
                == Expectation(sameInstance: true, buildsBeforeRequests: 0, builds: 2))
        #expect(
            Self.expected(.strictChild, .eagerSingleton)
                == Expectation(sameInstance: true, buildsBeforeRequests: 2, builds: 2))
        #expect(Self.expected(.afterReset, .session) == .fresh)
        #expect(Self.expected(.afterReset, .custom) == .fresh)
        #expect(Self.expected(.afterReset, .singleton) == .once)
    }

    @Test("The features reach the service through every synchronous kind of edge but a factory's")
    func gridIsComplete() throws {
        var kinds: Set<DependencyGraph.Edge.Kind> = []
        for feature in Feature.allCases {
            let graph = try Self.observe(feature, .transient).graph
            kinds.formUnion(
                graph.edges.filter { ObjectIdentifier($0.to.type) == ObjectIdentifier(GridService.self) }.map(\.kind))
        }
        // Factories with run-time arguments, and the asynchronous kinds, have grids of their own
        // (RunTimeArgumentTests, AsyncBindingTests).
        #expect(kinds == [.direct, .provider, .lazy, .optional])
    }

    // MARK: Scenarios

    /// Binds the service in `scope`, depending on a live-only transport, counting its builds.
    private static func bindService(
        _ binder: Binder, _ scope: GridScope, _ counter: Counter,
        named name: String? = nil
    ) {
        binder.bind(Transport.self, to: LiveTransport.init).liveOnly()
        let builder = binder.bind(GridService.self) { (transport: any Transport) in
            GridService(serial: counter.next(), transport: transport)
        }
        builder.scope(scope.scope)
        if let name { builder.named(name) }
    }

    /// Contributes the service in `scope` to the list named "primary", depending on a live-only
    /// transport, counting its builds.
    private static func contributeService(_ binder: Binder, _ scope: GridScope, _ counter: Counter) {
        binder.bind(Transport.self, to: LiveTransport.init).liveOnly()
        binder.contribute(GridService.self, id: "service") { (transport: any Transport) in
            GridService(serial: counter.next(), transport: transport)
        }.scope(scope.scope).named(GridPrimary.self)
    }

    private static func observe(_ feature: Feature, _ scope: GridScope) throws -> Observation {
        let counter = Counter()
        switch feature {
        case .resolve:
            let injector = try makeInjector { bindService($0, scope, counter) }
            let early = counter.value
            let first = try injector.resolve(GridService.self)
            let second = try injector.resolve(GridService.self)
            #expect(first.transport.name == "live", "the factory gets its dependency")
            return Observation(
                first: first, second: second, buildsBeforeRequests: early, builds: counter.value, graph: injector.graph)

        case .injected:
            let injector = try makeInjector { binder in
                bindService(binder, scope, counter)
                binder.bind(GridConsumer.self, to: GridConsumer.init)
            }
            let early = counter.value
            let first = try injector.resolve(GridConsumer.self)
            let second = try injector.resolve(GridConsumer.self)
            #expect(first !== second, "the consumer itself is transient")
            return Observation(
                first: first.service, second: second.service, buildsBeforeRequests: early,
                builds: counter.value, graph: injector.graph)

        case .provider:
            let injector = try makeInjector { binder in
                bindService(binder, scope, counter)
                binder.bind(GridProviderHolder.self, to: GridProviderHolder.init).scope(.singleton)
            }
            let early = counter.value
            let holder = try injector.resolve(GridProviderHolder.self)
            #expect(counter.value == early, "injecting a provider builds nothing")
            let first = try holder.service()
            let second = try holder.service.get()
            return Observation(
                first: first, second: second, buildsBeforeRequests: early, builds: counter.value, graph: injector.graph)

        case .lazy:
            let injector = try makeInjector { binder in
                bindService(binder, scope, counter)
                binder.bind(GridLazyHolder.self, to: GridLazyHolder.init)
            }
            let early = counter.value
            let one = try injector.resolve(GridLazyHolder.self)
            let other = try injector.resolve(GridLazyHolder.self)
            #expect(counter.value == early, "injecting a lazy value builds nothing")
            let first = try one.service.value
            let second = try other.service.value
            let builds = counter.value
            #expect(try one.service.value === first, "a lazy value keeps what it built")
            #expect(counter.value == builds, "reading a lazy value again builds nothing")
            return Observation(
                first: first, second: second, buildsBeforeRequests: early, builds: builds, graph: injector.graph)

        case .opaque:
            let injector = try makeInjector { binder in
                binder.bind(Transport.self, to: LiveTransport.init).liveOnly()
                binder.bind(GridService.self, needs: Transport.self) { resolver in
                    GridService(serial: counter.next(), transport: try resolver.resolve(Transport.self))
                }.scope(scope.scope)
            }
            let early = counter.value
            #expect(
                injector.graph.edges.map { [$0.from, $0.to] } == [[.of(GridService.self), .of(Transport.self)]],
                "what the factory declares is the graph's edge before it runs")
            let first = try injector.resolve(GridService.self)
            let second = try injector.resolve(GridService.self)
            return Observation(
                first: first, second: second, buildsBeforeRequests: early, builds: counter.value, graph: injector.graph)

        case .named:
            let unnamed = Counter()
            let injector = try makeInjector { binder in
                bindService(binder, scope, counter, named: GridPrimary.name)
                binder.bind(GridService.self) { (transport: any Transport) in
                    GridService(serial: unnamed.next(), transport: transport)
                }.scope(scope.scope)
            }
            let early = counter.value
            let first = try injector.resolve(GridService.self, named: GridPrimary.name)
            let second = try injector.resolve(GridService.self, named: GridPrimary.name)
            #expect(try injector.resolve(GridService.self) !== first, "the unnamed binding is another binding")
            return Observation(
                first: first, second: second, buildsBeforeRequests: early, builds: counter.value, graph: injector.graph)

        case .optional:
            let injector = try makeInjector { binder in
                bindService(binder, scope, counter)
                binder.bind(GridOptionalConsumer.self, to: GridOptionalConsumer.init)
            }
            let early = counter.value
            let first = try #require(
                try injector.resolve(GridOptionalConsumer.self).service, "a bound service is not nil")
            let second = try #require(try injector.resolve(GridOptionalConsumer.self).service)
            let unbound = try makeInjector { binder in
                binder.bind(GridOptionalConsumer.self, to: GridOptionalConsumer.init)
            }
            #expect(try unbound.resolve(GridOptionalConsumer.self).service == nil, "unbound, the parameter is nil")
            return Observation(
                first: first, second: second, buildsBeforeRequests: early, builds: counter.value, graph: injector.graph)

        case .namedParameter:
            let injector = try makeInjector { binder in
                bindService(binder, scope, counter, named: GridPrimary.name)
                binder.bind(GridNamedConsumer.self, to: GridNamedConsumer.init)
            }
            let early = counter.value
            let first = try injector.resolve(GridNamedConsumer.self).service
            let second = try injector.resolve(GridNamedConsumer.self).service
            #expect(
                injector.graph.edges.contains {
                    $0.from == .of(GridNamedConsumer.self) && $0.to == .of(GridService.self, named: GridPrimary.name)
                }, "the parameter's type names the binding")
            return Observation(
                first: first, second: second, buildsBeforeRequests: early, builds: counter.value, graph: injector.graph)

        case .providerOfNamed:
            let injector = try makeInjector { binder in
                bindService(binder, scope, counter, named: GridPrimary.name)
                binder.bind(GridNamedProviderHolder.self, to: GridNamedProviderHolder.init).scope(.singleton)
            }
            let early = counter.value
            let holder = try injector.resolve(GridNamedProviderHolder.self)
            #expect(counter.value == early, "injecting a provider builds nothing")
            let first = try holder.service().value
            let second = try holder.service().value
            return Observation(
                first: first, second: second, buildsBeforeRequests: early, builds: counter.value, graph: injector.graph)

        case .providerByName:
            let injector = try makeInjector { binder in bindService(binder, scope, counter, named: GridPrimary.name) }
            let early = counter.value
            let provider = try injector.resolve(Provider<GridService>.self, named: GridPrimary.name)
            #expect(counter.value == early, "resolving a provider builds nothing")
            let first = try provider()
            let second = try provider()
            return Observation(
                first: first, second: second, buildsBeforeRequests: early, builds: counter.value, graph: injector.graph)

        case .optionalByName:
            let injector = try makeInjector { binder in bindService(binder, scope, counter, named: GridPrimary.name) }
            let early = counter.value
            #expect(try injector.resolve(GridService?.self, named: "other") == nil, "an unbound name is nil")
            let first = try #require(try injector.resolve(GridService?.self, named: GridPrimary.name))
            let second = try #require(try injector.resolve(GridService?.self, named: GridPrimary.name))
            return Observation(
                first: first, second: second, buildsBeforeRequests: early, builds: counter.value, graph: injector.graph)

        case .implements:
            let injector = try makeInjector { binder in
                binder.bind(Transport.self, to: LiveTransport.init).liveOnly()
                binder.bind(GridService.self) { (transport: any Transport) in
                    GridService(serial: counter.next(), transport: transport)
                }.scope(scope.scope).implements((any GridServing).self) { $0 }
            }
            let early = counter.value
            let first = try injector.resolve(GridService.self)
            let second = try #require(try injector.resolve((any GridServing).self) as? GridService)
            #expect(
                injector.graph.nodes.first { $0.key == .of((any GridServing).self) }?.forwardsTo
                    == .of(GridService.self))
            return Observation(
                first: first, second: second, buildsBeforeRequests: early, builds: counter.value, graph: injector.graph)

        case .namedListItem:
            let injector = try makeInjector { binder in
                contributeService(binder, scope, counter)
                binder.contribute(GridService.self, id: "unnamed") {
                    GridService(serial: -1, transport: FakeTransport())
                }
                binder.bind(GridNamedListConsumer.self, to: GridNamedListConsumer.init)
            }
            let early = counter.value
            let first = try #require(try injector.resolve(GridNamedListConsumer.self).services.first)
            let second = try #require(try injector.resolve(GridNamedListConsumer.self).services.first)
            let builds = counter.value
            #expect(
                try injector.resolve(GridNamedListConsumer.self).services.count == 1,
                "the unnamed item is in another list")
            return Observation(
                first: first, second: second, buildsBeforeRequests: early, builds: builds, graph: injector.graph)

        case .namedListItemInChild:
            let parent = try makeInjector { binder in
                contributeService(binder, scope, counter)
                binder.bind(GridNamedListConsumer.self, to: GridNamedListConsumer.init)
            }
            let child = try parent.child { binder in
                binder.contribute(GridService.self, id: "spy", position: 1) {
                    GridService(serial: -1, transport: FakeTransport())
                }
                .named(GridPrimary.self)
            }
            let early = counter.value
            let first = try parent.resolve([GridService].self, named: GridPrimary.name)[0]
            let inChild = try child.resolve(GridNamedListConsumer.self).services
            #expect(inChild.map(\.serial).last == -1, "the child's item joins the named list")
            return Observation(
                first: first, second: inChild[0], buildsBeforeRequests: early, builds: counter.value, graph: child.graph
            )

        case .child:
            let parent = try makeInjector { bindService($0, scope, counter) }
            let child = try parent.child { binder in binder.bind(Clock.self, toInstance: FixedClock(now: 1)) }
            let early = counter.value
            let first = try parent.resolve(GridService.self)
            let second = try child.resolve(GridService.self)
            #expect(
                !parent.graph.nodes.contains { $0.key == .of(Clock.self) }, "the child's binding stays in the child")
            return Observation(
                first: first, second: second, buildsBeforeRequests: early, builds: counter.value, graph: child.graph)

        case .strictChild:
            let parent = try makeInjector { bindService($0, scope, counter) }
            let child = try parent.child { binder in binder.bind(Transport.self, to: FakeTransport.init) }
            let early = counter.value
            let parents = try parent.resolve(GridService.self)
            let first = try child.resolve(GridService.self)
            let second = try child.resolve(GridService.self)
            let builds = counter.value
            #expect(first !== parents, "the child builds its own, so its fake wins")
            #expect(first.transport.name == "fake")
            #expect(parents.transport.name == "live")
            #expect(try parent.resolve(GridService.self).transport.name == "live", "the parent never changes")
            return Observation(
                first: first, second: second, buildsBeforeRequests: early, builds: builds, graph: child.graph)

        case .afterReset:
            let injector = try makeInjector { bindService($0, scope, counter) }
            let early = counter.value
            let first = try injector.resolve(GridService.self)
            injector.reset(scope.resetTarget)
            let second = try injector.resolve(GridService.self)
            return Observation(
                first: first, second: second, buildsBeforeRequests: early, builds: counter.value, graph: injector.graph)
        }
    }
}
