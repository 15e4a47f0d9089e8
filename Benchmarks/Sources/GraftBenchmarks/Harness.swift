import Foundation
import Synchronization

/// How many rows `--row` chose in this run.
let rowsMeasured = Atomic<Int>(0)

/// Keeps a value alive and opaque to the optimizer, so the work that made it cannot be removed.
@_optimize(none) @inline(never)
func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}

/// Nanoseconds per operation, one sample per repetition.
struct Samples {
    let nanoseconds: [Double]

    var median: Double {
        guard !nanoseconds.isEmpty else { return .nan }
        let sorted = nanoseconds.sorted()
        let middle = sorted.count / 2
        return sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
    }
    var min: Double { nanoseconds.min() ?? .nan }
    var max: Double { nanoseconds.max() ?? .nan }
}

/// How long to measure: `--quick` trades precision for a shorter run.
struct Budget {
    let repetitions: Int
    /// Roughly how long one repetition runs.
    let repetitionTime: Duration
    /// Scales fixed iteration counts (the parallel scenario's million resolves).
    let scale: Double
    /// A fixed iteration count per repetition instead of a timed one, so that an instruction
    /// counter (`valgrind --tool=callgrind`) sees the same work on every run.
    var fixedIterations: Int?
    /// The one row to measure (``slug(_:)`` of its contender's name, `--row`); the others are
    /// skipped, so that an instruction counter sees one contender's work.
    var row: String?

    /// Whether the row of `contender` is not measured in this run; counts the rows that are,
    /// under `--row`, so that a name no row has is an error rather than a silent empty run.
    func skips(_ contender: String?) -> Bool {
        guard let row else { return false }
        guard contender.map(slug) == row else { return true }
        rowsMeasured.add(1, ordering: .relaxed)
        return false
    }

    static let full = Budget(repetitions: 9, repetitionTime: .milliseconds(100), scale: 1)
    static let quick = Budget(repetitions: 5, repetitionTime: .milliseconds(20), scale: 0.1)
}

/// A contender's name as `--row` spells it: `stored-closures` for "stored closures",
/// `swinject` for "Swinject 2.10.0", `hand-written-returned-by-a-call` for that row of S2.
func slug(_ name: String) -> String {
    switch name {
    case Contender.swinject: "swinject"
    case Contender.dependencies: "swift-dependencies"
    default: name.lowercased().split { !$0.isLetter && !$0.isNumber }.joined(separator: "-")
    }
}

/// Warms `operation` up, picks an iteration count that fills one repetition, and returns the
/// time per operation of each repetition (none when `budget` skips `row`). Tables report the
/// median of the repetitions.
func measure(_ budget: Budget, row: String? = nil, _ operation: () throws -> Void) rethrows -> Samples {
    if budget.skips(row) { return Samples(nanoseconds: []) }
    let clock = ContinuousClock()
    let iterations: Int
    if let fixed = budget.fixedIterations {
        try operation()
        iterations = fixed
    } else {
        let warmUp = budget.repetitionTime / 10
        var count = 0
        let start = clock.now
        repeat {
            try operation()
            count += 1
        } while clock.now - start < warmUp
        iterations = Swift.max(1, count * 10)
    }
    var samples: [Double] = []
    for _ in 0..<budget.repetitions {
        let start = clock.now
        for _ in 0..<iterations { try operation() }
        samples.append(nanoseconds(clock.now - start) / Double(iterations))
    }
    return Samples(nanoseconds: samples)
}

/// Runs `perThread` on each of `threads` threads at once, `iterations` times in total per
/// repetition, and returns the wall time per operation.
func measureParallel(
    _ budget: Budget, row: String? = nil, threads: Int, iterations nominal: Int,
    _ perThread: @escaping @Sendable (_ count: Int) -> Void
) -> Samples {
    if budget.skips(row) { return Samples(nanoseconds: []) }
    let iterations = Swift.max(threads, Int(Double(nominal) * budget.scale))
    let clock = ContinuousClock()
    perThread(Swift.max(1, iterations / 10))
    var samples: [Double] = []
    for _ in 0..<budget.repetitions {
        let start = clock.now
        DispatchQueue.concurrentPerform(iterations: threads) { _ in perThread(iterations / threads) }
        samples.append(nanoseconds(clock.now - start) / Double(iterations))
    }
    return Samples(nanoseconds: samples)
}

func nanoseconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
}
