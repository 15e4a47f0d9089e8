import Container
import Testing

/// Keeps the examples of the DocC article "Bindings and Resolving" true: the article quotes the
/// compiled file, and the examples behave as the article says.
@Suite("Bindings and Resolving examples")
struct BindingsExampleTests {
    @Test("The opaque factories get what their needs: declare, a named binding included")
    func opaqueFactories() throws {
        for inMemory in [true, false] {
            let injector = try Injector(modules: [
                ReportingModule(),
                TestModule { binder in
                    binder.bind(StorageSettings.self, toInstance: StorageSettings(inMemory: inMemory))
                    binder.bind(DiskStorage.self, to: DiskStorage.init)
                    binder.bind(SalesDatabase.self, to: ReplicaSalesDatabase.init).named("replica")
                },
            ])
            #expect(try injector.resolve(Storage.self).kind == (inMemory ? "memory" : "disk"))
            #expect(try injector.resolve(SalesReport.self).database.role == "replica")
        }
        let error = #expect(throws: ValidationError.self) { try Injector(modules: [ReportingModule()]) }
        #expect(
            Set(error?.problems.map(\.message) ?? []) == [
                "no binding for StorageSettings", "no binding for DiskStorage",
                "no binding for SalesDatabase named \"replica\"",
            ])
    }

    @Test("Resolving serves the bound instance, and the one of the name asked for")
    func resolving() throws {
        let injector = try makeInjector { binder in
            binder.bind(Storage.self, to: MemoryStorage.init)
            binder.bind(SalesDatabase.self, to: PrimarySalesDatabase.init).named("primary")
            binder.bind(SalesDatabase.self, to: ReplicaSalesDatabase.init).named("replica")
        }
        let (storage, primary) = try openReports(injector)
        #expect(storage.kind == "memory")
        #expect(primary.role == "primary")
    }

    @Test("A binding with arguments is resolved with them, or through the factory a screen injects")
    func arguments() throws {
        let injector = try Injector(modules: [NetworkModule(), ParcelsModule()])
        #expect(try parcel(injector).id == ParcelID("A-17"))
        #expect(try injector.resolve(ParcelsScreen.self).open(ParcelID("B-2")).id == ParcelID("B-2"))
    }

    @Test("The forwarded type takes the binding's arguments, and the singleton keeps one parrot per name")
    func forwardedArguments() throws {
        let injector = try Injector(modules: [MascotModule()])
        let (mascot, parrot) = try polly(injector)
        #expect(mascot as AnyObject === parrot)
        #expect(try injector.resolve(Factory<String, any Mascot>.self)("Polly") as AnyObject === parrot)
        #expect(try injector.resolve(Parrot.self, arguments: "Kea") !== parrot)
    }

    @Test("The named database, no clock when none is bound, and one file behind both protocols")
    func optionalNamedImplements() throws {
        let injector = try Injector(modules: [DocumentsModule()])
        let report = try injector.resolve(SalesReport.self)
        #expect(report.database.role == "replica")
        #expect(report.clock == nil)
        let file = try injector.resolve(DocumentFile.self)
        #expect(try injector.resolve((any DocumentReader).self) as AnyObject === file)
        #expect(try injector.resolve((any DocumentWriter).self) as AnyObject === file)
        let withClock = try Injector(modules: [
            DocumentsModule(), TestModule { $0.bind(Clock.self, to: SystemClock.init) },
        ])
        #expect(try withClock.resolve(SalesReport.self).clock?.now == 1_000)
    }

    @Test("The badge's @Inject property reads the current injector on first use")
    func injectProperty() throws {
        let injector = try Injector(modules: [NetworkModule(), ShopV1Module()])
        // The process default is shared by every test; InjectTests covers setDefault itself.
        let version = Injector.$current.withValue(injector) { CartBadge().cart.version }
        #expect(version == "v1")
    }
}
