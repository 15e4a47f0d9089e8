import Container
import Foundation
import Testing

/// The exact check of every combination of versions against the oracle: every combination of
/// the model-based test's random root graphs, enumerated and validated one by one.
@Suite("Every combination of versions, against brute force")
struct EverySelectionOracleTests {
    /// `GRAFT_ORACLE_GRAPHS=N` runs N graphs; `GRAFT_ORACLE_SEED=S` starts from seed S (graph
    /// `i` has seed `S + i`, so a printed seed with `GRAFT_ORACLE_GRAPHS=1` runs exactly it).
    static let environment = ProcessInfo.processInfo.environment
    static let graphs = environment["GRAFT_ORACLE_GRAPHS"].flatMap(Int.init) ?? 2_000
    static let seed = environment["GRAFT_ORACLE_SEED"].flatMap(UInt64.init) ?? 0x6f72_6163_6c65
    /// Graphs with more combinations than this are skipped: enumerating them is the slow part.
    static let largest = 256

    @Test("The exact check and enumerating every combination agree on random graphs")
    func randomGraphs() async throws {
        let (failures, compared) = await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: Self.run()) }.start()
        }
        for failure in failures { Issue.record(Comment(rawValue: failure)) }
        if Self.environment["GRAFT_ORACLE_VERBOSE"] != nil { print("oracle: \(compared)") }
        // Enough graphs qualify, with versioned services and problems, for the comparison to mean something.
        #expect(compared.graphs >= Self.graphs / 4, "only \(compared.graphs) graphs compared")
        #expect(compared.failing >= compared.graphs / 10, "only \(compared.failing) graphs had problems")
        #expect(compared.mixed >= 20, "only \(compared.mixed) problems needed an override")
    }

    struct Compared {
        var graphs = 0
        /// Graphs with a problem under some combination.
        var failing = 0
        /// Problems whose selection needs an override.
        var mixed = 0
    }

    static func run() -> ([String], Compared) {
        var failures: [String] = []
        var compared = Compared()
        for index in 0..<graphs where failures.count < 5 {
            let seed = seed &+ UInt64(index)
            let graph = GraphGenerator.graph(seed: seed)
            if let mismatch = compare(graph, &compared) {
                failures.append(
                    "graph seed \(seed) (rerun: GRAFT_ORACLE_SEED=\(seed) GRAFT_ORACLE_GRAPHS=1): \(mismatch)\n\(graph.description)"
                )
            }
        }
        return (failures, compared)
    }

    /// What the check and the enumeration disagree on for `graph`'s root, or `nil`.
    static func compare(_ graph: ModelGraph, _ compared: inout Compared) -> String? {
        let log = RunLog()
        let (bindings, decorators) = (graph.bindings, graph.decorators)
        let modules: [any Module] = [
            LiveModule { binder in
                for binding in bindings { LiveBinder.bind(binding, on: binder, log: log) }
                for decorator in decorators { LiveBinder.decorate(decorator, on: binder, log: log) }
            }
        ]
        let coverage: SelectionCoverage
        let failures: [SelectionValidationError.Failure]
        do {
            coverage = try Injector.validateEverySelection(modules: modules)
            failures = []
        } catch {
            coverage = error.checked
            failures = error.failures
        }
        guard let count = coverage.combinations.value, count <= largest else { return nil }
        compared.graphs += 1
        let declared = Injector.graph(modules: modules)
        guard Set(declared.versionedServices) == Set(coverage.services) else {
            return "it covers \(coverage.services), the graph declares versions for \(declared.versionedServices)"
        }
        var expected: Set<String> = []
        var failing = false
        for combination in combinations(of: coverage) {
            do {
                try Injector.validate(modules: modules, versions: combination)
            } catch {
                let problems = error.problems.filter { $0.kind != .unsatisfiableVersion }
                failing = failing || !problems.isEmpty
                expected.formUnion(problems.map(identity))
            }
        }
        if failing { compared.failing += 1 }
        let found = Set(failures.flatMap(\.problems).map(identity))
        guard found == expected else {
            return """
                the check found \(found.subtracting(expected).sorted()) that no combination shows, \
                and missed \(expected.subtracting(found).sorted())
                """
        }
        for failure in failures {
            compared.mixed += failure.selection.overrides.isEmpty ? 0 : 1
            if let problem = notMinimal(failure, modules) { return problem }
        }
        return nil
    }

    /// Every selection: the first version as the default, each service at each version.
    static func combinations(of coverage: SelectionCoverage) -> [VersionSelection] {
        var selections = [[ServiceKey: String]()]
        for service in coverage.services {
            selections = selections.flatMap { partial in
                coverage.versions.map { version in partial.merging([service: version]) { $1 } }
            }
        }
        let base = coverage.versions.first ?? "v1"
        return coverage.versions.isEmpty ? [.latest] : selections.map { VersionSelection(default: base, overrides: $0) }
    }

    /// What tells a problem apart across combinations: its kind and the keys that stay the same
    /// whichever combination shows it (a loop's keys depend on it; a captive's holder, the
    /// missing key, the edge of an asynchronous or argument problem, the main-actor key held do not).
    static func identity(_ problem: GraphProblem) -> String {
        let related = problem.related.map(\.description).joined(separator: ",")
        let subject = problem.subject?.description ?? "-"
        return switch problem.kind {
        case .cycle: "\(problem.kind)"
        case .missingBinding, .notServed: "missing \(related)"
        case .captiveDependency: "\(problem.kind) \(subject)"
        case .isolationCaptive where !problem.related.isEmpty:
            "\(problem.kind) \(related) \(problem.message.contains("wherever"))"
        case .asynchronousDependency: "\(problem.kind) \(subject) \(related) \(problem.message.prefix(20))"
        default: "\(problem.kind) \(subject) \(related) \(problem.message)"
        }
    }

    /// Whether removing any override of `failure`'s selection still shows each of its problems.
    static func notMinimal(_ failure: SelectionValidationError.Failure, _ modules: [any Module]) -> String? {
        let selection = failure.selection
        for key in selection.overrides.keys {
            var overrides = selection.overrides
            overrides[key] = nil
            let fewer = VersionSelection(default: selection.defaultVersion ?? "v1", overrides: overrides)
            let shown: Set<String>
            do {
                try Injector.validate(modules: modules, versions: fewer)
                shown = []
            } catch {
                shown = Set(error.problems.map(identity))
            }
            for problem in failure.problems where problem.kind != .cycle && shown.contains(identity(problem)) {
                return "\(identity(problem)) still shows under \(fewer), without the override of \(key) in \(selection)"
            }
        }
        return nil
    }
}
