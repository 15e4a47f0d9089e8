import Container
import Testing

private protocol Reader: Sendable { var serial: Int { get } }
private protocol Writer: Sendable { var serial: Int { get } }
private protocol ReadWriteStore: Reader, Writer {}

private final class FileStore: ReadWriteStore {
    let serial: Int
    init(serial: Int) { self.serial = serial }
}

private final class Copier: Sendable {
    let reader: any Reader
    let writer: any Writer
    init(reader: any Reader, writer: any Writer) {
        self.reader = reader
        self.writer = writer
    }
}

private protocol Creature: Sendable {
    var name: String { get }
    var serial: Int { get }
}
private protocol Companion: Sendable { var name: String { get } }

private final class Cat: Creature, Companion {
    let name: String
    let serial: Int
    let transport: any Transport
    init(name: String, serial: Int, transport: any Transport) {
        self.name = name
        self.serial = serial
        self.transport = transport
    }
}

private final class Shelter: Sendable {
    let makeAnimal: Factory<String, any Creature>
    let makeCompanion: Factory<String, any Companion>
    init(makeAnimal: Factory<String, any Creature>, makeCompanion: Factory<String, any Companion>) {
        self.makeAnimal = makeAnimal
        self.makeCompanion = makeCompanion
    }
}

private final class Zoo: Sendable {
    init(animal: any Creature, wrong: Factory<Int, any Companion>) {}
}

@Suite("One instance behind several protocols")
struct ImplementsTests {
    private func module(_ scope: Scope, counter: Counter) -> @Sendable (Binder) -> Void {
        { binder in
            binder.bind(FileStore.self) { FileStore(serial: counter.next()) }
                .scope(scope)
                .implements((any Reader).self) { $0 }
                .implements((any Writer).self) { $0 }
            binder.bind(Copier.self, to: Copier.init)
        }
    }

    @Test(
        "Forwarded types share the binding's instance and scope",
        arguments: [Scope.transient, .singleton, .eagerSingleton, .weak, .session])
    func sharing(scope: Scope) throws {
        let counter = Counter()
        let injector = try makeInjector(module(scope, counter: counter))
        let store = try injector.resolve(FileStore.self)
        let reader = try injector.resolve((any Reader).self)
        let copier = try injector.resolve(Copier.self)
        let shared = scope != .transient
        #expect((reader as AnyObject === store) == shared)
        #expect((copier.reader as AnyObject === copier.writer as AnyObject) == shared)
        #expect(counter.value == (shared ? 1 : 4))
    }

    @Test("After a reset, every forwarded type serves the new instance")
    func reset() throws {
        let counter = Counter()
        let injector = try makeInjector(module(.session, counter: counter))
        let before = try injector.resolve((any Reader).self)
        injector.reset(.session)
        let after = try injector.resolve((any Writer).self)
        #expect(before.serial == 1)
        #expect(after.serial == 2)
        #expect(try injector.resolve((any Reader).self) as AnyObject === after as AnyObject)
    }

    @Test("A forwarded type is a binding: a duplicate is reported with both sites")
    func duplicate() throws {
        let found = try problems { binder in
            binder.bind(FileStore.self) { FileStore(serial: 0) }.implements((any Reader).self) { $0 }
            binder.bind(Reader.self) { FileStore(serial: 1) }
        }
        #expect(found.map(\.kind) == [.duplicateBinding])
        #expect(found.first?.message == "duplicate binding of Reader")
        #expect(found.first?.notes.count == 2)
    }

    @Test("A forwarded type follows the versions: a V2 binding forwards the V2 instance")
    func versions() throws {
        let injector = try makeInjector(versions: VersionSelection(default: "v2")) { binder in
            binder.bind(FileStore.self) { FileStore(serial: 1) }.version("v1").implements((any Reader).self) { $0 }
            binder.bind(FileStore.self) { FileStore(serial: 2) }.version("v2").implements((any Reader).self) { $0 }
        }
        #expect(try injector.resolve((any Reader).self).serial == 2)
    }

    @Test("A child overrides a forwarded type alone, or the source and so every forwarded type")
    func children() throws {
        let counter = Counter()
        let parent = try makeInjector(module(.singleton, counter: counter))
        let readerOnly = try parent.child { binder in binder.bind(Reader.self) { FileStore(serial: 99) } }
        #expect(try readerOnly.resolve((any Reader).self).serial == 99)
        #expect(try readerOnly.resolve((any Writer).self).serial == 1)
        let source = try parent.child { binder in
            binder.bind(FileStore.self) { FileStore(serial: 50) }.scope(.singleton)
        }
        #expect(try source.resolve((any Reader).self).serial == 50)
        #expect(try source.resolve(Copier.self).writer.serial == 50)
        #expect(try parent.resolve((any Reader).self).serial == 1)
    }

    @Test("A strict child refuses a live-only source through its forwarded types too")
    func strictChild() throws {
        let parent = try makeInjector { binder in
            binder.bind(FileStore.self) { FileStore(serial: 1) }.liveOnly().implements((any Reader).self) { $0 }
        }
        let strict = try parent.child(strict: true) { _ in }
        let error = try #require(throws: ResolutionError.self) { try strict.resolve((any Reader).self) }
        guard case .liveOnly = error.reason else {
            Issue.record("expected a live-only refusal, got \(error)")
            return
        }
        #expect(error.key == .of(FileStore.self))
    }

    @Test("A singleton holding a type forwarded from a session binding is a captive dependency")
    func captive() throws {
        let found = try problems { binder in
            binder.bind(FileStore.self) { FileStore(serial: 1) }.scope(.session).implements((any Reader).self) { $0 }
                .implements((any Writer).self) { $0 }
            binder.bind(Copier.self, to: Copier.init).scope(.singleton)
        }
        #expect(found.map(\.kind) == [.captiveDependency, .captiveDependency])
        #expect(
            found.first?.message
                == "captive dependency: singleton Copier holds session-scoped FileStore, which would outlive its scope")
    }

    @Test("The graph and explain show what a forwarded type serves")
    func introspection() throws {
        let injector = try makeInjector(module(.singleton, counter: Counter()))
        let node = try #require(injector.graph.nodes.first { $0.key == .of((any Reader).self) })
        #expect(node.forwardsTo == .of(FileStore.self))
        #expect(
            injector.graph.rendered(as: .text).contains("Reader [forwards to FileStore] \(node.site)\n  -> FileStore"))
        #expect(
            injector.explain((any Reader).self).description.contains(
                "scope: that of FileStore, whose instance it serves (.implements)"))
    }

    // MARK: With run-time arguments

    private func cats(_ scope: Scope, counter: Counter, serial: Int? = nil) -> @Sendable (Binder) -> Void {
        { binder in
            binder.bind(Cat.self, arguments: String.self) { (name: String, transport: any Transport) in
                Cat(name: name, serial: serial ?? counter.next(), transport: transport)
            }
            .scope(scope)
            .implements((any Creature).self) { $0 }
            .implements((any Companion).self) { $0 }
        }
    }

    private func shelter(_ scope: Scope, counter: Counter) -> @Sendable (Binder) -> Void {
        { binder in
            binder.bind(Transport.self, to: FakeTransport.init)
            self.cats(scope, counter: counter)(binder)
            binder.bind(Shelter.self, to: Shelter.init)
        }
    }

    @Test(
        "A binding with run-time arguments forwards its factory: resolve(_:arguments:) and Factory<String, any Creature> serve it, one instance per argument value",
        arguments: [Scope.transient, .singleton, .weak, .session])
    func forwardingWithArguments(scope: Scope) throws {
        let counter = Counter()
        let injector = try makeInjector(shelter(scope, counter: counter))
        let cat = try injector.resolve(Cat.self, arguments: "Mimi")
        let animal = try injector.resolve((any Creature).self, arguments: "Mimi")
        let home = try injector.resolve(Shelter.self)
        let pet = try home.makeCompanion("Mimi")
        let other = try home.makeAnimal("Tom")
        let shared = scope != .transient
        #expect(animal.name == "Mimi" && pet.name == "Mimi" && other.name == "Tom")
        #expect((animal as AnyObject === cat) == shared)
        #expect((pet as AnyObject === cat) == shared)
        #expect(other as AnyObject !== cat)
        #expect(counter.value == (shared ? 2 : 4))
    }

    @Test("With run-time arguments: a reset drops what the source kept, for every forwarded type")
    func forwardingWithArgumentsReset() throws {
        let counter = Counter()
        let injector = try makeInjector(shelter(.session, counter: counter))
        let before = try injector.resolve((any Creature).self, arguments: "Mimi")
        injector.reset(.session)
        let after = try injector.resolve((any Companion).self, arguments: "Mimi")
        #expect(before.serial == 1)
        #expect(after as AnyObject !== before as AnyObject)
        #expect(try injector.resolve((any Creature).self, arguments: "Mimi") as AnyObject === after as AnyObject)
    }

    @Test("With run-time arguments: a forwarded type follows the versions")
    func forwardingWithArgumentsVersions() throws {
        let module: @Sendable (Binder) -> Void = { binder in
            binder.bind(Transport.self, to: FakeTransport.init)
            binder.bind(Cat.self, arguments: String.self) { (name: String) in
                Cat(name: name, serial: 1, transport: FakeTransport())
            }
            .version("v1").implements((any Creature).self) { $0 }
            binder.bind(Cat.self, arguments: String.self) { (name: String) in
                Cat(name: name, serial: 2, transport: FakeTransport())
            }
            .version("v2").implements((any Creature).self) { $0 }
        }
        #expect(
            try makeInjector(versions: VersionSelection(default: "v1"), module).resolve(
                (any Creature).self, arguments: "Mimi"
            ).serial == 1)
        #expect(try makeInjector(module).resolve((any Creature).self, arguments: "Mimi").serial == 2)
    }

    @Test(
        "With run-time arguments: a child overrides the source, and so every forwarded type, or a forwarded type alone")
    func forwardingWithArgumentsChildren() throws {
        let counter = Counter()
        let parent = try makeInjector(shelter(.singleton, counter: counter))
        let inParent = try parent.resolve((any Creature).self, arguments: "Mimi")
        let transport = try parent.child { binder in binder.bind(Transport.self, to: LiveTransport.init) }
        #expect(try transport.resolve(Shelter.self).makeAnimal("Mimi").name == "Mimi")
        #expect((try transport.resolve((any Companion).self, arguments: "Mimi") as? Cat)?.transport.name == "live")
        let source = try parent.child(cats(.singleton, counter: counter, serial: 50))
        #expect(try source.resolve((any Creature).self, arguments: "Mimi").serial == 50)
        #expect(
            try source.resolve(Shelter.self).makeCompanion("Mimi") as AnyObject
                === source.resolve((any Creature).self, arguments: "Mimi") as AnyObject)
        let companionOnly = try parent.child { binder in
            binder.bind((any Companion).self, arguments: String.self) { (name: String) in
                Cat(name: name.uppercased(), serial: 99, transport: FakeTransport())
            }
        }
        #expect(try companionOnly.resolve((any Companion).self, arguments: "Mimi").name == "MIMI")
        #expect(
            try companionOnly.resolve((any Creature).self, arguments: "Mimi") as AnyObject === inParent as AnyObject)
        #expect(try parent.resolve((any Companion).self, arguments: "Mimi") as AnyObject === inParent as AnyObject)
        #expect((inParent as? Cat)?.transport.name == "fake")
    }

    @Test("With run-time arguments: a strict child refuses a live-only source through its forwarded factory")
    func forwardingWithArgumentsStrictChild() throws {
        let parent = try makeInjector { binder in
            binder.bind(Transport.self, to: LiveTransport.init)
            binder.bind(Cat.self, arguments: String.self) { (name: String, transport: any Transport) in
                Cat(name: name, serial: 1, transport: transport)
            }.liveOnly().implements((any Creature).self) { $0 }
        }
        let strict = try parent.child(strict: true) { _ in }
        let error = try #require(throws: ResolutionError.self) {
            try strict.resolve((any Creature).self, arguments: "Mimi")
        }
        guard case .liveOnly = error.reason else {
            Issue.record("expected a live-only refusal, got \(error)")
            return
        }
        #expect(error.key == .of(Cat.self))
    }

    @Test(
        "With run-time arguments: a decorator of the forwarded type wraps what its factory makes, the source stays plain"
    )
    func forwardingWithArgumentsDecorated() throws {
        final class Shy: Creature {
            let inner: any Creature
            init(_ inner: any Creature) { self.inner = inner }
            var name: String { "shy \(inner.name)" }
            var serial: Int { inner.serial }
        }
        let injector = try makeInjector { binder in
            self.shelter(.singleton, counter: Counter())(binder)
            binder.decorate((any Creature).self) { (inner: any Creature) in Shy(inner) }
        }
        #expect(try injector.resolve((any Creature).self, arguments: "Mimi").name == "shy Mimi")
        #expect(try injector.resolve(Shelter.self).makeAnimal("Mimi").name == "shy Mimi")
        #expect(try injector.resolve(Cat.self, arguments: "Mimi").name == "Mimi")
    }

    @Test("With run-time arguments: a forwarded type is validated as its source is")
    func forwardingWithArgumentsValidation() throws {
        let found = try problems { binder in
            self.shelter(.singleton, counter: Counter())(binder)
            binder.bind(Zoo.self, to: Zoo.init)
        }
        #expect(
            found.map(\.message) == [
                "Zoo needs Creature, but Creature takes run-time arguments (String)",
                "Zoo injects Factory<Int, Companion>, but Companion takes run-time arguments (String)",
            ])
        #expect(
            found.map(\.fix) == [
                "inject Factory<String, Creature> and call it with the arguments",
                "inject Factory<String, Companion>, or bind Companion with arguments (Int)",
            ])
    }

    @Test("With run-time arguments: the graph and explain show the forwarded type's arguments and its factory edge")
    func forwardingWithArgumentsIntrospection() throws {
        let injector = try makeInjector(shelter(.singleton, counter: Counter()))
        let node = try #require(injector.graph.nodes.first { $0.key == .of((any Creature).self) })
        #expect(node.forwardsTo == .of(Cat.self))
        #expect(node.arguments == ["String"])
        #expect(
            injector.graph.rendered(as: .text).contains(
                "Creature [forwards to Cat, arguments (String)] \(node.site)\n  -> Cat (factory(String))"))
        let explanation = injector.explain((any Creature).self).description
        #expect(explanation.contains("scope: that of Cat, whose instance it serves (.implements)"))
        #expect(
            explanation.contains("arguments: (String), passed by Factory<String, Creature> or resolve(_:arguments:)"))
        #expect(explanation.contains("needs: factory Cat with (String)"))
    }
}
