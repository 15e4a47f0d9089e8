// Graft against hand-written construction, Swinject and swift-dependencies, side by side.
//
//   swift run -c release --package-path Benchmarks graft-benchmarks [--quick] [--only S1,S3]
//       [--iterations N]
import Foundation

let usage = "usage: graft-benchmarks [--quick] [--only S1,S2,...] [--iterations N]"

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("error: \(message)\n\(usage)\n".utf8))
    exit(64)
}

/// What the command line asks for.
struct Options {
    var budget = Budget.full
    var only: Set<String>?
}

func parse(_ arguments: ArraySlice<String>) -> Options {
    var options = Options()
    var remaining = arguments
    while let argument = remaining.popFirst() {
        switch argument {
        case "--quick":
            options.budget = .quick
        case "--only":
            guard let list = remaining.popFirst() else { fail("--only needs a list of scenarios, such as S1,S3") }
            let only = Set(list.split(separator: ",").map { $0.uppercased() })
            if let unknown = only.first(where: {
                !["S1", "S2", "S3", "S4", "S5", "S6", "S7", "S8", "S9", "S10", "S11", "S12"].contains($0)
            }) {
                fail("unknown scenario '\(unknown)'; the scenarios are S1 to S12")
            }
            options.only = only
        case "--iterations":
            guard let text = remaining.popFirst(), let count = Int(text), count > 0 else {
                fail("--iterations needs a positive whole number")
            }
            options.budget.fixedIterations = count
        default:
            fail("unknown argument '\(argument)'")
        }
    }
    return options
}

let options = parse(CommandLine.arguments.dropFirst())
let budget = options.budget
#if DEBUG
    FileHandle.standardError.write(Data("warning: a debug build measures nothing useful; run with -c release\n".utf8))
#endif

func wanted(_ id: String) -> Bool { options.only.map { $0.contains(id) } ?? true }

let processInfo = ProcessInfo.processInfo
print(
    """
    ## Graft benchmarks

    \(processInfo.activeProcessorCount) cores, \(processInfo.physicalMemory >> 30) GiB, \
    \(processInfo.operatingSystemVersionString); \(budget.repetitions) repetitions of about \
    \(budget.repetitionTime) each; median, min and max per operation.

    """)

do {
    if wanted("S1") { print(try Scenarios.s1(budget).render(), terminator: "\n\n") }
    if wanted("S2") { print(try Scenarios.s2(budget).render(), terminator: "\n\n") }
    if wanted("S3") { print(try Scenarios.s3(budget).render(), terminator: "\n\n") }
    if wanted("S4") { for result in try Scenarios.s4(budget) { print(result.render(), terminator: "\n\n") } }
    if wanted("S5") { print(try Scenarios.s5(budget), terminator: "\n\n") }
    if wanted("S6") { print(try Scenarios.s6(budget).render(), terminator: "\n\n") }
    if wanted("S7") { print(try Scenarios.s7(budget).render(), terminator: "\n\n") }
    if wanted("S8") { print(try Scenarios.s8(budget).render(), terminator: "\n\n") }
    if wanted("S9") { print(try Scenarios.s9(budget).render(), terminator: "\n\n") }
    if wanted("S10") { print(try await AsyncScenarios.s10(budget).render(), terminator: "\n\n") }
    if wanted("S11") { print(try await AsyncScenarios.s11(budget).render(), terminator: "\n\n") }
    if wanted("S12") { print(try await AsyncScenarios.s12(budget).render(), terminator: "\n\n") }
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(70)
}
