import Container
import Testing

/// A transport that keeps the session it was made for.
private final class SessionTransport: Transport {
    let session: Session
    let name = "session"
    init(session: Session) { self.session = session }
}

/// Keeps a clock when one is bound.
private final class Reporter: Sendable {
    let clock: (any Clock)?
    init(clock: (any Clock)?) { self.clock = clock }
}

/// A child validates only what its bindings can change, when its parent's graph is valid. These
/// pin what an override reports through the bindings that depend on it, which the child did not
/// declare: each with the wording a child has always used.
@Suite("A child's override, validated through its dependants")
struct ChildOverrideValidationTests {
    /// The description of the validation error that making the child throws.
    private func childError(_ parent: Injector, _ configure: (Binder) -> Void) -> String? {
        let error = #expect(throws: ValidationError.self) { _ = try parent.child(configure) }
        return error?.description
    }

    @Test("A transient override that holds a session instance makes its singleton dependant captive")
    func transientOverrideHoldingSession() throws {
        let parentBody: @Sendable (Binder) -> Void = { binder in
            binder.bind(Session.self) { Session(serial: 1) }.scope(.session)
            binder.bind(Transport.self, to: LiveTransport.init)
            binder.bind(APIClient.self, to: APIClient.init).scope(.singleton)
        }
        let parent = try makeInjector(parentBody)
        let childBody: @Sendable (Binder) -> Void = { binder in binder.bind(Transport.self, to: SessionTransport.init) }
        let (parentSite, childSite) = (Sites(parentBody), Sites(childBody))
        let text = childError(parent, childBody)
        #expect(
            text == """
                error: captive dependency: singleton APIClient holds session-scoped Session, which would outlive its scope [G103]
                  held by APIClient (\(parentSite[APIClient.self]))
                       -> Transport (\(childSite[Transport.self]))
                       -> Session (\(parentSite[Session.self]))
                  fix: give APIClient a scope no longer than session, or inject Provider<Transport> and call it when needed

                1 problem in the dependency graph
                """)
    }

    @Test("An override of a shorter scope makes its singleton dependant captive")
    func shorterScopedOverride() throws {
        let parentBody: @Sendable (Binder) -> Void = { binder in
            binder.bind(Transport.self, to: LiveTransport.init).scope(.singleton)
            binder.bind(APIClient.self, to: APIClient.init).scope(.singleton)
        }
        let parent = try makeInjector(parentBody)
        let childBody: @Sendable (Binder) -> Void = { binder in
            binder.bind(Transport.self, to: FakeTransport.init).scope(.session)
        }
        let (parentSite, childSite) = (Sites(parentBody), Sites(childBody))
        let text = childError(parent, childBody)
        #expect(
            text == """
                error: captive dependency: singleton APIClient holds session-scoped Transport, which would outlive its scope [G103]
                  held by APIClient (\(parentSite[APIClient.self]))
                       -> Transport (\(childSite[Transport.self]))
                  fix: give APIClient a scope no longer than session, or inject Provider<Transport> and call it when needed

                1 problem in the dependency graph
                """)
    }

    @Test("An async override reaches a dependant that cannot await it")
    func asyncOverride() throws {
        let parentBody: @Sendable (Binder) -> Void = { binder in
            binder.bind(Transport.self, to: LiveTransport.init)
            binder.bind(APIClient.self, needs: Transport.self) { resolver in
                APIClient(transport: try resolver.resolve(Transport.self))
            }
        }
        let parent = try makeInjector(parentBody)
        let childBody: @Sendable (Binder) -> Void = { binder in
            binder.bind(Transport.self) { () async -> any Transport in FakeTransport() }
        }
        let (parentSite, childSite) = (Sites(parentBody), Sites(childBody))
        let text = childError(parent, childBody)
        #expect(
            text == """
                error: APIClient needs Transport, which is asynchronous, but APIClient cannot await it: it is an opaque factory, whose Resolver is synchronous [G112]
                  needed by APIClient (\(parentSite[APIClient.self]))
                         -> Transport (\(childSite[Transport.self]))
                  note: Transport is asynchronous because its factory is async
                  fix: inject AsyncProvider<Transport> into APIClient and await it when needed, or make Transport synchronous

                1 problem in the dependency graph
                """)
    }

    @Test("An override isolated to the main actor makes its non-isolated dependant an isolation captive")
    func mainActorOverride() throws {
        let parentBody: @Sendable (Binder) -> Void = { binder in
            binder.bind(Transport.self, to: LiveTransport.init)
            binder.bind(APIClient.self, to: APIClient.init)
        }
        let parent = try makeInjector(parentBody)
        let childBody: @Sendable (Binder) -> Void = { binder in
            binder.bind(Transport.self, onMainActor: { () -> any Transport in FakeTransport() })
        }
        let (parentSite, childSite) = (Sites(parentBody), Sites(childBody))
        let text = childError(parent, childBody)
        #expect(
            text == """
                error: isolation captive: APIClient is not isolated to the main actor, but holds @MainActor Transport, which it could build only on the main actor [G113]
                  needed by APIClient (\(parentSite[APIClient.self]))
                         -> Transport (\(childSite[Transport.self]))
                  fix: inject AsyncProvider<Transport> or AsyncLazy<Transport> into APIClient and await it, or isolate APIClient to the main actor too with bind(APIClient.self, onMainActor: ...)

                1 problem in the dependency graph
                """)
    }

    @Test("An override that needs its own dependant closes a cycle")
    func cyclicOverride() throws {
        let parentBody: @Sendable (Binder) -> Void = { binder in
            binder.bind(Transport.self, to: LiveTransport.init)
            binder.bind(APIClient.self, to: APIClient.init)
        }
        let parent = try makeInjector(parentBody)
        let childBody: @Sendable (Binder) -> Void = { binder in
            binder.bind(Transport.self) { (api: APIClient) -> any Transport in FakeTransport() }
        }
        let (parentSite, childSite) = (Sites(parentBody), Sites(childBody))
        let text = childError(parent, childBody)
        #expect(
            text == """
                error: dependency cycle: APIClient -> Transport -> APIClient [G102]
                  loop APIClient (\(parentSite[APIClient.self]))
                    -> Transport (\(childSite[Transport.self]))
                    -> APIClient (\(parentSite[APIClient.self]))
                  fix: break the loop by injecting Provider<T> or Lazy<T> instead of T in one of these factories

                1 problem in the dependency graph
                """)
    }

    @Test("An override with run-time arguments no longer fits its dependant's plain edge")
    func overrideTakingArguments() throws {
        let parentBody: @Sendable (Binder) -> Void = { binder in
            binder.bind(Transport.self, to: LiveTransport.init)
            binder.bind(APIClient.self, to: APIClient.init)
        }
        let parent = try makeInjector(parentBody)
        let childBody: @Sendable (Binder) -> Void = { binder in
            binder.bind(Transport.self, arguments: String.self) { (name: String) -> any Transport in FakeTransport() }
        }
        let (parentSite, childSite) = (Sites(parentBody), Sites(childBody))
        let text = childError(parent, childBody)
        #expect(
            text == """
                error: APIClient needs Transport, but Transport takes run-time arguments (String) [G110]
                  needed by APIClient (\(parentSite[APIClient.self]))
                         -> Transport (\(childSite[Transport.self]))
                  Transport declared at \(childSite[Transport.self])
                  fix: inject Factory<String, Transport> and call it with the arguments

                1 problem in the dependency graph
                """)
    }

    @Test("An override that needs something unbound is reported missing")
    func overrideNeedingUnbound() throws {
        let parentBody: @Sendable (Binder) -> Void = { binder in
            binder.bind(Transport.self, to: LiveTransport.init)
            binder.bind(APIClient.self, to: APIClient.init)
        }
        let parent = try makeInjector(parentBody)
        let childBody: @Sendable (Binder) -> Void = { binder in
            binder.bind(Transport.self) { (clock: any Clock) -> any Transport in FakeTransport() }
        }
        let (parentSite, childSite) = (Sites(parentBody), Sites(childBody))
        let text = childError(parent, childBody)
        #expect(
            text == """
                error: no binding for Clock [G101]
                  needed by APIClient (\(parentSite[APIClient.self]))
                         -> Transport (\(childSite[Transport.self]))
                         -> Clock
                  fix: bind Clock in one of the modules given to Injector(modules:)

                1 problem in the dependency graph
                """)
    }

    @Test("A child's new binding that fills a singleton's optional dependency with a session instance is captive")
    func newBindingFillingOptionalDependency() throws {
        let parentBody: @Sendable (Binder) -> Void = { binder in
            binder.bind(Reporter.self, to: Reporter.init).scope(.singleton)
        }
        let parent = try makeInjector(parentBody)
        let childBody: @Sendable (Binder) -> Void = { binder in
            binder.bind(Clock.self, to: SystemClock.init).scope(.session)
        }
        let (parentSite, childSite) = (Sites(parentBody), Sites(childBody))
        let text = childError(parent, childBody)
        #expect(
            text == """
                error: captive dependency: singleton Reporter holds session-scoped Clock, which would outlive its scope [G103]
                  held by Reporter (\(parentSite[Reporter.self]))
                       -> Clock (\(childSite[Clock.self]))
                  fix: give Reporter a scope no longer than session, or inject Provider<Clock?> and call it when needed

                1 problem in the dependency graph
                """)
    }

    @Test(
        "An override isolated to the main actor of a type the parent forwards with implements makes the forwarded type's dependant an isolation captive"
    )
    func mainActorOverrideOfForwardingSource() throws {
        let parentBody: @Sendable (Binder) -> Void = { binder in
            binder.bind(LiveTransport.self, to: LiveTransport.init).implements((any Transport).self) { $0 }
            binder.bind(APIClient.self, to: APIClient.init)
        }
        let parent = try makeInjector(parentBody)
        let childBody: @Sendable (Binder) -> Void = { binder in
            binder.bind(LiveTransport.self, onMainActor: LiveTransport.init)
        }
        let parentSite = Sites(parentBody)
        let text = childError(parent, childBody)
        #expect(
            text == """
                error: isolation captive: APIClient is not isolated to the main actor, but holds @MainActor Transport, which it could build only on the main actor [G113]
                  needed by APIClient (\(parentSite[APIClient.self]))
                         -> Transport (\(parentSite[LiveTransport.self]))
                  fix: inject AsyncProvider<Transport> or AsyncLazy<Transport> into APIClient and await it, or isolate APIClient to the main actor too with bind(APIClient.self, onMainActor: ...)

                1 problem in the dependency graph
                """)
    }

    @Test("An override of a singleton's dependency gives every dependant in the child the child's rebuilt singleton")
    func rebuiltSingletonShared() throws {
        let parent = try makeInjector { binder in
            binder.bind(Transport.self, to: LiveTransport.init)
            binder.bind(APIClient.self, to: APIClient.init).scope(.singleton)
            binder.bind(CartService.self, to: CartV1.init)
        }
        let live = try #require(try parent.resolve(CartService.self) as? CartV1).api
        let child = try parent.child { binder in binder.bind(Transport.self, to: FakeTransport.init) }
        let cart = try #require(try child.resolve(CartService.self) as? CartV1)
        #expect(cart.api.transport.name == "fake")
        #expect(try child.resolve(APIClient.self) === cart.api)
        #expect(try #require(try child.resolve(CartService.self) as? CartV1).api === cart.api)
        #expect(try parent.resolve(APIClient.self) === live)
        #expect(live.transport.name == "live")
    }

    @Test("A leaf override of a singleton's transient dependency validates and builds")
    func leafOverrideUnderSingleton() throws {
        let parent = try makeInjector { binder in
            binder.bind(Session.self) { Session(serial: 1) }.scope(.session)
            binder.bind(Transport.self, to: LiveTransport.init)
            binder.bind(APIClient.self, to: APIClient.init).scope(.singleton)
        }
        let child = try parent.child { binder in binder.bind(Transport.self, to: FakeTransport.init) }
        #expect(try child.resolve(APIClient.self).transport.name == "fake")
    }

    @Test(
        "A grandchild's override of what its strict parent refuses makes that parent's non-isolated binding an isolation captive"
    )
    func overrideOfRefusedBinding() throws {
        let root = try makeInjector { binder in
            binder.bind(Transport.self, onMainActor: { () -> any Transport in LiveTransport() }).liveOnly()
        }
        // The strict child refuses the live transport, so its client never builds it: no captive.
        let strictBody: @Sendable (Binder) -> Void = { binder in binder.bind(APIClient.self, to: APIClient.init) }
        let strict = try root.child(strict: true, strictBody)
        let grandchildBody: @Sendable (Binder) -> Void = { binder in
            binder.bind(Transport.self, onMainActor: { () -> any Transport in FakeTransport() })
        }
        let text = childError(strict, grandchildBody)
        #expect(
            text == """
                error: isolation captive: APIClient is not isolated to the main actor, but holds @MainActor Transport, which it could build only on the main actor [G113]
                  needed by APIClient (\(Sites(strictBody)[APIClient.self]))
                         -> Transport (\(Sites(grandchildBody)[Transport.self]))
                  fix: inject AsyncProvider<Transport> or AsyncLazy<Transport> into APIClient and await it, or isolate APIClient to the main actor too with bind(APIClient.self, onMainActor: ...)

                1 problem in the dependency graph
                """)
    }
}
