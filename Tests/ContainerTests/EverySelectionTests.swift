@testable import Container
import Testing

// Types of graphs whose problems show only under combinations of per-service overrides.
private protocol Harbor: Sendable {}
private protocol Ledger: Sendable {}
private protocol Meter: Sendable {}
private final class PlainAlpha: Harbor {}
private final class PlainBeta: Ledger {}
private final class PlainGamma: Meter {}
private final class AlphaNeedingBeta: Harbor { init(beta: any Ledger) {} }
private final class BetaNeedingGamma: Ledger { init(gamma: any Meter) {} }
private final class GammaNeedingAlpha: Meter { init(alpha: any Harbor) {} }

/// `Harbor` at v1 needs `Ledger`, `Ledger` at v2 needs `Meter`, `Meter` at v3 needs `Harbor`; each is
/// also bound at the other versions without that dependency.
private struct ThreeGenerations: Module {
    func configure(_ binder: Binder) {
        binder.bind(Harbor.self, to: AlphaNeedingBeta.init).version("v1")
        binder.bind(Harbor.self, to: PlainAlpha.init).version("v2")
        binder.bind(Harbor.self, to: PlainAlpha.init).version("v3")
        binder.bind(Ledger.self, to: PlainBeta.init).version("v1")
        binder.bind(Ledger.self, to: BetaNeedingGamma.init).version("v2")
        binder.bind(Ledger.self, to: PlainBeta.init).version("v3")
        binder.bind(Meter.self, to: PlainGamma.init).version("v1")
        binder.bind(Meter.self, to: PlainGamma.init).version("v2")
        binder.bind(Meter.self, to: GammaNeedingAlpha.init).version("v3")
    }
}

private protocol NoteExport: Sendable { var name: String { get } }
private protocol NoteSync: Sendable {}
private protocol NoteStorage: Sendable {}
private final class PlainPDFExport: NoteExport {
    let name = "pdf"
    init() {}
}
private final class SyncingPDFExport: NoteExport {
    let name = "pdf"
    init(sync: any NoteSync) {}
}
private final class MarkdownExport: NoteExport { let name = "markdown" }
private final class LocalSync: NoteSync {}
private final class StoredSync: NoteSync { init(storage: any NoteStorage) {} }
private final class LocalStorage: NoteStorage {}
private final class ExportingStorage: NoteStorage { init(formats: [any NoteExport]) {} }

/// A notes app: v1 exports a PDF that syncs first, v2 adds a Markdown export and a sync that
/// stores each export. Only `v2 (NoteExport=v1)` — v2, without the v2-only plug-in — loops.
private struct NotesApp: Module {
    func configure(_ binder: Binder) {
        binder.contribute(NoteExport.self, id: "pdf") { (sync: any NoteSync) in SyncingPDFExport(sync: sync) }.version(
            "v1")
        binder.contribute(NoteExport.self, id: "pdf") { PlainPDFExport() }.version("v2")
        binder.contribute(NoteExport.self, id: "markdown") { MarkdownExport() }.version("v2")
        binder.bind(NoteSync.self, to: LocalSync.init).version("v1")
        binder.bind(NoteSync.self, to: StoredSync.init).version("v2")
        binder.bind(NoteStorage.self, to: LocalStorage.init).version("v1")
        binder.bind(NoteStorage.self, to: ExportingStorage.init).version("v2")
    }
}

private protocol ReaderScreen: Sendable {}
private protocol ReaderDictionary: Sendable {}
@MainActor private final class MainScreen: ReaderScreen { init() {} }
private final class BundledDictionary: ReaderDictionary {}
private final class Reader: Sendable { init(screen: any ReaderScreen, dictionary: any ReaderDictionary) {} }

/// `Reader` is not isolated to the main actor and holds a main-actor screen: a problem only
/// while it is built synchronously, that is while its v1 dictionary, built with `await`, is not
/// chosen.
private struct ReaderApp: Module {
    func configure(_ binder: Binder) {
        binder.bind(ReaderScreen.self, onMainActor: MainScreen.init)
        binder.bind(ReaderDictionary.self) { () async in BundledDictionary() }.version("v1")
        binder.bind(ReaderDictionary.self, to: BundledDictionary.init).version("v2")
        binder.bind(Reader.self, to: Reader.init)
    }
}

@Suite("Every combination of versions")
struct EverySelectionTests {
    @Test("A loop that only a combination of three versions closes is found, with that selection")
    func threeGenerationLoop() throws {
        let error = #expect(throws: SelectionValidationError.self) {
            try Injector.validateEverySelection(modules: [ThreeGenerations()])
        }
        #expect(error?.failures.map(\.selection.description) == ["v1 (Ledger=v2, Meter=v3)"])
        let problem = try #require(error?.failures.first?.problems.first)
        #expect(problem.kind == .cycle)
        #expect(problem.message == "dependency cycle: Harbor -> Ledger -> Meter -> Harbor")
        #expect(error?.checked.description == "every combination of 3 services across v1–v3 (27 selections)")
        // The selection pastes into the parser, and validating it alone reports the same loop.
        let selection = try VersionSelection(
            parsing: "v1 (Ledger=v2, Meter=v3)", in: Injector.graph(modules: [ThreeGenerations()]))
        #expect(throws: ValidationError.self) {
            try Injector.validate(modules: [ThreeGenerations()], versions: selection)
        }
    }

    @Test("A problem that only an override of a list's element type shows is found under it")
    func listWithoutAPlugIn() throws {
        let error = #expect(throws: SelectionValidationError.self) {
            try Injector.validateEverySelection(modules: [NotesApp()])
        }
        #expect(error?.failures.map(\.selection.description) == ["v2 (NoteExport=v1)"])
        let problem = try #require(error?.failures.first?.problems.first)
        #expect(problem.kind == .cycle)
        #expect(
            problem.message
                == "dependency cycle: NoteExport[pdf] -> NoteSync -> NoteStorage -> [any NoteExport] -> NoteExport[pdf]"
        )
        // Every selection without that override validates.
        for selection in ["v1", "v2", "v1 (NoteExport=v2)", "v1 (NoteStorage=v2)"] {
            let versions = try VersionSelection(parsing: selection, in: Injector.graph(modules: [NotesApp()]))
            try Injector.validate(modules: [NotesApp()], versions: versions)
        }
    }

    @Test("An isolation captive that needs its holder built synchronously is found where it is")
    func isolationWhileSynchronous() throws {
        let error = #expect(throws: SelectionValidationError.self) {
            try Injector.validateEverySelection(modules: [ReaderApp()])
        }
        #expect(error?.failures.map(\.selection.description) == ["v2"])
        #expect(error?.failures.first?.problems.map(\.kind) == [.isolationCaptive])
        #expect(error?.failures.first?.problems.first?.subject == .of(Reader.self))
        try Injector.validate(modules: [ReaderApp()], versions: .init(default: "v1"))
    }
}

/// `count` services in two generations, each v2 binding needing the next service; with
/// `broken`, every tenth also has a service that needs one v2 retires.
private struct Generations: Module {
    let count: Int
    let broken: Bool

    func configure(_ binder: Binder) {
        for index in 0..<count {
            let needs: [ServiceKey] = index + 1 < count ? [.of(String.self, named: "s\(index + 1)")] : []
            binder.bind(String.self, needs: []) { _ in "v1" }.named("s\(index)").version("v1")
            binder.bind(String.self, needs: needs) { _ in "v2" }.named("s\(index)").version("v2")
            guard broken, index.isMultiple(of: 10) else { continue }
            binder.bind(Int.self, needs: []) { _ in 1 }.named("r\(index)").version("v1")
            binder.retire(Int.self, named: "r\(index)", from: "v2")
            binder.bind(Double.self, needs: [.of(Int.self, named: "r\(index)")]) { _ in 1 }.named("d\(index)")
        }
    }
}

@Suite("Every combination of versions: work")
struct EverySelectionWorkTests {
    @Test("A valid graph runs no search and validates no selection, however large")
    func validGraph() {
        for count in [500, 1_000, 2_000] {
            let check = EveryCombination(Injector.declare([Generations(count: count, broken: false)]))
            #expect(check.failures().isEmpty)
            #expect(check.nodes.count == 2 * count)
            #expect(check.tally.searches == 0)
            #expect(check.tally.validations == 0)
        }
    }

    @Test("A graph with problems searches and validates in proportion to them")
    func brokenGraph() {
        let tallies = [500, 1_000, 2_000].map { count in
            let check = EveryCombination(Injector.declare([Generations(count: count, broken: true)]))
            #expect(check.failures().flatMap(\.problems).count == count / 10)
            return (searches: check.tally.searches, validations: check.tally.validations)
        }
        #expect(tallies[0].searches > 0)
        #expect(tallies[1].searches == 2 * tallies[0].searches)
        #expect(tallies[2].searches == 4 * tallies[0].searches)
        // The retired key is the problem under v2 alone: one selection, validated once.
        #expect(tallies.map(\.validations) == [1, 1, 1])
    }
}

private protocol Reporter: Sendable {}
private final class ConsoleReporter: Reporter {}

@Suite("Every combination of versions: a collection bound and contributed to")
struct EverySelectionCollectionTests {
    @Test("Binding a list that contributions also make is found under the combination that chooses both")
    func boundAndContributed() throws {
        let modules: [any Module] = [
            TestModule { binder in
                binder.bind([any Reporter].self) { [ConsoleReporter()] }.version("v1")
                binder.retire([any Reporter].self, from: "v2")
                binder.contribute(Reporter.self, id: "console") { ConsoleReporter() }.version("v2")
            }
        ]
        for version in ["v1", "v2"] { try Injector.validate(modules: modules, versions: .init(default: version)) }
        let error = #expect(throws: SelectionValidationError.self) {
            try Injector.validateEverySelection(modules: modules)
        }
        #expect(error?.failures.map(\.selection.description) == ["v1 (Reporter=v2)"])
        #expect(error?.failures.first?.problems.map(\.kind) == [.duplicateBinding])
    }
}

private protocol Uploader: Sendable {}
private final class CloudUploader: Uploader {}
private final class Composer: Sendable { init(uploader: Provider<any Uploader>) {} }

@Suite("Every combination of versions: fixes")
struct EverySelectionFixTests {
    @Test("A service not served under some version is done without through the wrapper it is injected in")
    func notServedThroughProvider() throws {
        let modules: [any Module] = [
            TestModule { binder in
                binder.bind(Uploader.self, to: CloudUploader.init).version("v2")
                binder.bind(Composer.self, to: Composer.init).version("v1")
            }
        ]
        let error = #expect(throws: SelectionValidationError.self) {
            try Injector.validateEverySelection(modules: modules)
        }
        let problem = try #require(error?.failures.first?.problems.first)
        #expect(error?.failures.first?.selection.description == "v1")
        #expect(problem.kind == .notServed)
        #expect(
            problem.fix
                == "select v2 or later for Uploader, bind Uploader for v1 or without a version, or inject Provider<Uploader?> to do without it under v1"
        )
    }
}

private final class FlushingJournal: Sendable { func flush() {} }

@Suite("Every combination of versions: closers")
struct EverySelectionCloserTests {
    @Test("A closer on a version of a binding that keeps nothing is found under that version")
    func closerOnTransientVersion() throws {
        let modules: [any Module] = [
            TestModule { binder in
                binder.bind(FlushingJournal.self) { FlushingJournal() }.version("v1").scope(.singleton).closing {
                    $0.flush()
                }
                binder.bind(FlushingJournal.self) { FlushingJournal() }.version("v2").closing { $0.flush() }
            }
        ]
        let error = #expect(throws: SelectionValidationError.self) {
            try Injector.validateEverySelection(modules: modules)
        }
        #expect(error?.failures.map(\.selection.description) == ["v2"])
        #expect(error?.failures.first?.problems.map(\.kind) == [.closesTransient])
        try Injector.validate(modules: modules, versions: .init(default: "v1"))
    }
}
