import Container
import Testing

private protocol Reader: Sendable { var serial: Int { get } }
private protocol Writer: Sendable { var serial: Int { get } }
private protocol Store: Reader, Writer {}

private final class FileStore: Store {
    let serial: Int
    init(serial: Int) { self.serial = serial }
}

private final class Copier: Sendable {
    let reader: any Reader
    let writer: any Writer
    init(reader: any Reader, writer: any Writer) { self.reader = reader; self.writer = writer }
}

@Suite("One instance behind several protocols")
struct ImplementsTests {
    private func module(_ scope: Scope, counter: Counter) -> (Binder) -> Void {
        { binder in
            binder.bind(FileStore.self) { FileStore(serial: counter.next()) }
                .scope(scope)
                .implements((any Reader).self) { $0 }
                .implements((any Writer).self) { $0 }
            binder.bind(Copier.self, to: Copier.init)
        }
    }

    @Test("Forwarded types share the binding's instance and scope", arguments: [Scope.transient, .singleton, .eagerSingleton, .weak, .session])
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
        let source = try parent.child { binder in binder.bind(FileStore.self) { FileStore(serial: 50) }.scope(.singleton) }
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
        #expect(found.first?.message == "captive dependency: singleton Copier holds session-scoped FileStore, which would outlive its scope")
    }

    @Test("The graph and explain show what a forwarded type serves")
    func introspection() throws {
        let injector = try makeInjector(module(.singleton, counter: Counter()))
        let node = try #require(injector.graph.nodes.first { $0.key == .of((any Reader).self) })
        #expect(node.forwardsTo == .of(FileStore.self))
        #expect(injector.graph.rendered(as: .text).contains("Reader [forwards to FileStore] \(node.site)\n  -> FileStore"))
        #expect(injector.explain((any Reader).self).description.contains("scope: that of FileStore, whose instance it serves (.implements)"))
    }
}
