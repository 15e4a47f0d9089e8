import Container
import Testing

/// Keeps the examples of the DocC article "Getting Started" true: the article quotes the compiled
/// file, and the examples behave as the article says.
@Suite("Getting Started examples")
struct GettingStartedExampleTests {
    @Test("The container reads the client's transport from its initializer")
    func modules() throws {
        #expect(try makeWebClient().transport is EmbeddedWebTransport)
    }

    @Test("An opaque factory asks for what it declares, and validation checks those edges")
    func opaqueFactory() throws {
        for inMemory in [true, false] {
            let injector = try Injector(modules: [
                CacheModule(),
                TestModule { $0.bind(CacheSettings.self, toInstance: CacheSettings(inMemory: inMemory)) },
            ])
            #expect(try injector.resolve(PageCache.self).kind == (inMemory ? "memory" : "disk"))
        }
        #expect(throws: ValidationError.self) { try Injector(modules: [CacheModule()]) }
    }

    @Test("A binding with arguments is resolved with them, or through an injected factory")
    func arguments() throws {
        let injector = try Injector(modules: [WebModule(), InvoicesModule()])
        #expect(try invoiceDetail(injector).id == InvoiceID("A-17"))
        let list = try injector.resolve(InvoiceList.self)
        #expect(try list.makeDetail(InvoiceID("B-2")).id == InvoiceID("B-2"))
    }

    @Test("Named and optional dependencies, and one instance behind two types")
    func namedAndOptional() throws {
        let without = try Injector(modules: [StatementsModule()])
        let statement = try without.resolve(Statement.self)
        #expect(statement.ledger.role == "standby")
        #expect(statement.clock == nil)
        let with = try Injector(modules: [StatementsModule(), ClockModule()])
        #expect(try with.resolve(Statement.self).clock != nil)
        let store = try with.resolve(ArchiveStore.self)
        #expect(try with.resolve((any ArchiveReader).self) as? ArchiveStore === store)
    }

    @Test("Each item is chosen by the version rule, and the list is ordered by position, then id")
    func contributions() throws {
        let latest = try Injector(modules: [MetricsModule()])
        #expect(try latest.resolve(Metrics.self).sinks.map(\.id) == ["console", "remote"])
        let v1 = try Injector(modules: [MetricsModule()], versions: VersionSelection(default: "v1"))
        #expect(try v1.resolve(Metrics.self).sinks.map(\.id) == ["console"])
    }

    @Test("The child's spy wraps the parent's decorator, and the parent keeps only its own")
    func decorators() throws {
        let injector = try Injector(modules: StoreModules.all + [BasketLoggingModule()])
        let test = try spying(on: injector)
        let spy = try #require(try test.resolve(BasketService.self) as? BasketSpy)
        try spy.add("apple")
        #expect(spy.items == ["apple"])
        #expect(try injector.resolve(EventLog.self).entries == ["add apple"])
        #expect(try injector.resolve(BasketService.self) is LoggingBasket)
    }

    @Test("The override pins the basket to v1; the favorites fall back to v1 under the v2 default")
    func versions() throws {
        let injector = try storeInjector()
        #expect(try injector.resolve(BasketService.self).version == "v1")
        #expect(try injector.resolve(FavoritesService.self).version == "v1")
        #expect(injector.explain(FavoritesService.self).description.contains("v1"))
    }

    @Test("The store's graph is drawn for Mermaid, with the basket's binding in it")
    func drawing() throws {
        let mermaid = drawStore(try storeInjector())
        #expect(mermaid.hasPrefix("graph LR\n"))
        #expect(mermaid.contains("BasketService"))
    }

    @Test("A strict child refuses a live-only binding the test did not override")
    func strictChild() throws {
        let injector = try Injector(modules: StoreModules.all).child(strict: true) { binder in
            binder.bind(WebTransport.self, toInstance: RecordingWebTransport())
        }
        #expect(throws: ResolutionError.self) { try injector.resolve(BasketService.self) }
    }
}
