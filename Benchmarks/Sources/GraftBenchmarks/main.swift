// Graft against hand-written construction, Swinject and swift-dependencies, side by side.
//
//   swift run -c release --package-path Benchmarks graft-benchmarks [--quick] [--only S1,S3]
//       [--iterations N] [--cold [--runs N]]
//
// `--cold` measures the start-up scenarios (S12–S14) one start-up per fresh process: it runs
// this binary again as `graft-benchmarks --start-up S12 graft` (or `graft-unchecked`, `swinject`, `empty`),
// which makes one start-up and exits.
import Foundation

let runners = ColdStart.Runner.allCases.map(\.rawValue).joined(separator: ", ")
let usage =
    "usage: graft-benchmarks [--quick] [--only S1,S2,...] [--iterations N] [--row CONTENDER] [--cold [--runs N]]"
let scenarioIDs = (1...15).map { "S\($0)" }

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("error: \(message)\n\(usage)\n".utf8))
    exit(64)
}

/// What the command line asks for.
struct Options {
    var budget = Budget.full
    var only: Set<String>?
    /// Whether to measure the start-up scenarios in fresh processes, and how many of each.
    var cold = false
    var runs = 15
    /// One start-up to make in this process, for a cold measurement.
    var startUp: (StartUp, ColdStart.Runner)?
}

func parse(_ arguments: ArraySlice<String>) -> Options {
    var options = Options()
    var remaining = arguments
    while let argument = remaining.popFirst() {
        switch argument {
        case "--quick":
            // Only how long to measure: the other flags keep what they set, in any order.
            let (fixedIterations, row) = (options.budget.fixedIterations, options.budget.row)
            options.budget = .quick
            options.budget.fixedIterations = fixedIterations
            options.budget.row = row
        case "--only":
            guard let list = remaining.popFirst() else { fail("--only needs a list of scenarios, such as S1,S3") }
            let only = Set(list.split(separator: ",").map { $0.uppercased() })
            if let unknown = only.first(where: { !scenarioIDs.contains($0) }) {
                fail("unknown scenario '\(unknown)'; the scenarios are S1 to S15")
            }
            options.only = only
        case "--iterations":
            guard let text = remaining.popFirst(), let count = Int(text), count > 0 else {
                fail("--iterations needs a positive whole number")
            }
            options.budget.fixedIterations = count
        case "--row":
            guard let row = remaining.popFirst(), !row.hasPrefix("--") else {
                fail("--row needs a contender: hand-written, stored-closures, graft, swinject or swift-dependencies")
            }
            options.budget.row = row.lowercased()
        case "--cold":
            options.cold = true
        case "--runs":
            guard let text = remaining.popFirst(), let count = Int(text), (1...1_000).contains(count) else {
                fail("--runs needs a whole number from 1 to 1000")
            }
            options.runs = count
        case "--start-up":
            let ids = StartUp.all.map(\.id).joined(separator: ", ")
            guard let id = remaining.popFirst(), let scenario = StartUp.named(id.uppercased()) else {
                fail(
                    "--start-up needs a start-up scenario (\(ids)) and who runs it (\(runners))"
                )
            }
            guard let name = remaining.popFirst(), let runner = ColdStart.Runner(rawValue: name) else {
                fail("--start-up \(id) needs who runs it: \(runners)")
            }
            options.startUp = (scenario, runner)
        default:
            fail("unknown argument '\(argument)'")
        }
    }
    if options.cold, let others = options.only?.subtracting(StartUp.all.map(\.id)), !others.isEmpty {
        fail(
            "--cold measures the start-up scenarios S12, S13 and S14 only, not \(others.sorted().joined(separator: ","))"
        )
    }
    return options
}

let options = parse(CommandLine.arguments.dropFirst())
let budget = options.budget
if let (scenario, runner) = options.startUp {
    do {
        try ColdStart.runOnce(scenario, runner)
        exit(0)
    } catch {
        FileHandle.standardError.write(Data("error: \(error)\n".utf8))
        exit(70)
    }
}
#if DEBUG
    FileHandle.standardError.write(Data("warning: a debug build measures nothing useful; run with -c release\n".utf8))
#endif

func wanted(_ id: String) -> Bool { options.only.map { $0.contains(id) } ?? true }

let processInfo = ProcessInfo.processInfo
print(
    """
    ## Graft benchmarks

    \(processInfo.activeProcessorCount) cores, \(processInfo.physicalMemory >> 30) GiB, \
    \(processInfo.operatingSystemVersionString); \(options.cold ? "\(options.runs) fresh processes per contender" : "\(budget.repetitions) repetitions of about \(budget.repetitionTime) each"); median, min and max per operation.

    """)

do {
    if options.cold {
        for scenario in StartUp.all where wanted(scenario.id) {
            print(try ColdStart.measure(scenario, runs: options.runs).render(), terminator: "\n\n")
        }
        exit(0)
    }
    if wanted("S1") { print(try Scenarios.s1(budget).render(), terminator: "\n\n") }
    if wanted("S2") { print(try Scenarios.s2(budget).render(), terminator: "\n\n") }
    if wanted("S3") { print(try Scenarios.s3(budget).render(), terminator: "\n\n") }
    if wanted("S4") { for result in try Scenarios.s4(budget) { print(result.render(), terminator: "\n\n") } }
    if wanted("S5") { print(try Scenarios.s5(budget), terminator: "\n\n") }
    if wanted("S15") { print(try Scenarios.s15(budget), terminator: "\n\n") }
    if wanted("S6") { print(try Scenarios.s6(budget).render(), terminator: "\n\n") }
    if wanted("S7") { print(try Scenarios.s7(budget).render(), terminator: "\n\n") }
    if wanted("S8") { print(try Scenarios.s8(budget).render(), terminator: "\n\n") }
    if wanted("S9") { print(try Scenarios.s9(budget).render(), terminator: "\n\n") }
    if wanted("S10") { print(try await AsyncScenarios.s10(budget).render(), terminator: "\n\n") }
    if wanted("S11") { print(try await AsyncScenarios.s11(budget).render(), terminator: "\n\n") }
    for scenario in StartUp.all where wanted(scenario.id) {
        print(try await scenario.warm(budget).render(), terminator: "\n\n")
    }
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(70)
}
if let row = budget.row, rowsMeasured.load(ordering: .relaxed) == 0 {
    fail(
        "no scenario run has a row named '\(row)': write a contender's name as the tables show it, in lower case with dashes"
    )
}
