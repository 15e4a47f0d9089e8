import Container
import Testing

/// What the graph and `explain` say is what the container does.
@Suite("Introspection text")
struct IntrospectionTextTests {
    @Test("A toInstance binding is shown as one instance, not transient, in explain, the graph and the snapshot")
    func instanceScope() throws {
        let injector = try makeInjector { binder in
            binder.bind(Clock.self, toInstance: FixedClock(now: 1))
            binder.bind(APIClient.self, to: APIClient.init)
            binder.bind(Transport.self, to: FakeTransport.init)
        }
        let explained = injector.explain(Clock.self)
        #expect(explained.binding?.isInstance == true)
        #expect(explained.binding?.lifetime == .instance)
        #expect(
            explained.description.contains(
                "\n  scope: one instance, made beforehand (toInstance:), served to every request"))
        #expect(
            injector.graph.rendered(as: .text).contains("Clock [instance] ContainerTests/IntrospectionTextTests.swift:")
        )
        #expect(injector.graph.snapshot.services.first { $0.id == "Clock" }?.scope == .instance)
        #expect(injector.explain(APIClient.self).binding?.lifetime == .scope(.transient))
        #expect(injector.explain(APIClient.self).binding?.isInstance == false)
    }

    @Test("explain of a wrapper nothing binds as such explains the binding it serves, as resolve serves it")
    func wrappers() throws {
        let injector = try makeInjector { binder in
            binder.bind(Clock.self, toInstance: FixedClock(now: 1)).named("primary")
            binder.bind(Transport.self, to: FakeTransport.init)
        }
        let optional = injector.explain((any Clock)?.self, named: "primary")
        #expect(optional.key == .of((any Clock).self, named: "primary"))
        #expect(
            optional.description.hasPrefix(
                #"Clock named "primary" is served by the binding at ContainerTests/IntrospectionTextTests.swift:"#))
        #expect(injector.explain(Provider<any Transport>.self).key == .of((any Transport).self))
        #expect(injector.explain(Lazy<any Clock>.self, named: "primary").binding?.isInstance == true)
        #expect(
            injector.explain(Optional<any Clock>.self).reason.hasPrefix(
                #"nothing binds it without a name; it is bound named "primary""#))
    }

    @Test("explain of a key from the graph says what explain of its type says, for every node and what is not served")
    func explainByKey() throws {
        let injector = try makeInjector(versions: VersionSelection(default: "v1")) { binder in
            binder.bind(Clock.self, toInstance: FixedClock(now: 1)).named("primary")
            binder.bind(Transport.self, to: FakeTransport.init).version("v2")
            binder.bind(Clock.self, toInstance: FixedClock(now: 2)).version("v1")
        }
        let graph = injector.graph
        #expect(graph.notServed.map(\.key) == [.of(Transport.self)])
        #expect("\(graph)" == graph.rendered(as: .text))
        for key in graph.nodes.map(\.key) + graph.notServed.map(\.key) {
            func byType<T>(_ type: T.Type) -> String { injector.explain(type, named: key.name).description }
            #expect(injector.explain(key).description == byType(key.type), "\(key)")
        }
        #expect(
            injector.explain(.of(Transport.self)).reason.hasPrefix(
                "not served under v1 (run-time default): bound only in v2 (ContainerTests/IntrospectionTextTests.swift:"
            ))
        // A wrapper's key is explained by the binding it serves, as its type is.
        #expect(
            injector.explain(.of(Provider<any Clock>.self, named: "primary")).key == .of(Clock.self, named: "primary"))
    }

    @Test("explain of a type bound only under names lists the names and how to ask for one")
    func onlyNamed() throws {
        let injector = try makeInjector { binder in
            binder.bind(Clock.self, toInstance: FixedClock(now: 1)).named("replica")
            binder.bind(Clock.self, toInstance: FixedClock(now: 2)).named("primary")
        }
        #expect(
            injector.explain(Clock.self).description == """
                Clock: nothing binds it without a name; it is bound named "primary", "replica": ask for one by name, \
                as explain(Clock.self, named: "primary") or resolve(Clock.self, named: "primary")
                """)
        #expect(
            injector.explain(Transport.self).reason
                == "nothing binds it; bind Transport in one of the modules given to Injector(modules:)")
    }
}
