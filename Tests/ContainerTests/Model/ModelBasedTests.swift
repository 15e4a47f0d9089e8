import Foundation
import Testing

@Suite("Model-based test")
struct ModelBasedTests {
    static let environment = ProcessInfo.processInfo.environment
    /// `GRAFT_MODEL_GRAPHS=N` runs N graphs instead of the default; `GRAFT_MODEL_SEED=S` starts
    /// from seed S. Graph `i` has seed `S + i`, so a printed seed with `GRAFT_MODEL_GRAPHS=1`
    /// runs exactly the graph that failed.
    static let graphs = environment["GRAFT_MODEL_GRAPHS"].flatMap(Int.init) ?? 2_000
    static let seed = environment["GRAFT_MODEL_SEED"].flatMap(UInt64.init) ?? 0x6772_6166_7400
    /// `GRAFT_MODEL_FAILURES=N` reports up to N failing graphs (5 by default).
    static let reported = environment["GRAFT_MODEL_FAILURES"].flatMap(Int.init) ?? 5
    /// `GRAFT_MODEL_VERBOSE=1` prints each graph before it runs (to find one that crashes the
    /// process) and, at the end, how many steps had each kind of outcome.
    static let verbose = environment["GRAFT_MODEL_VERBOSE"] != nil

    /// What running the graphs found.
    struct Findings: Sendable {
        var failures: [String] = []
        var tally: [String: Int] = [:]
    }

    @Test("Random graphs validate and resolve as the reference model says")
    func randomGraphs() async {
        // The graphs run on a thread of their own, so that seconds of work do not hold one of
        // the few threads that every other test's tasks resume on.
        let findings = await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: Self.runGraphs()) }.start()
        }
        for failure in findings.failures { Issue.record(Comment(rawValue: failure)) }
        if Self.verbose {
            print("outcomes over \(Self.graphs) graphs:")
            for (kind, count) in findings.tally.sorted(by: { $0.key < $1.key }) { print("  \(kind): \(count)") }
        }
    }

    static func runGraphs() -> Findings {
        var findings = Findings()
        for index in 0..<graphs {
            let seed = seed &+ UInt64(index)
            let graph = GraphGenerator.graph(seed: seed)
            if verbose { print("graph seed \(seed):\n\(graph.description)") }
            guard let mismatch = ModelCheck.mismatch(in: graph, tally: &findings.tally) else { continue }
            findings.failures.append(report(graph, seed, mismatch))
            if findings.failures.count == reported { break }
        }
        return findings
    }

    /// The failing seed, how to rerun it, and the graph shrunk to what still fails.
    static func report(_ graph: ModelGraph, _ seed: UInt64, _ mismatch: ModelMismatch) -> String {
        let small = GraphShrinker.shrink(graph) { ModelCheck.mismatch(in: $0)?.signature == mismatch.signature }
        return """
            The container disagrees with the reference model on graph seed \(seed) \
            (rerun: GRAFT_MODEL_SEED=\(seed) GRAFT_MODEL_GRAPHS=1 swift test --filter ModelBasedTests).
            Shrunk graph:
            \(small.description)
            \(ModelCheck.mismatch(in: small)?.description ?? mismatch.description)
            On the whole graph:
            \(mismatch.description)
            """
    }
}
