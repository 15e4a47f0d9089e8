/// One scenario's measurements, a row per contender, with ratios to the floor and to Graft.
struct ScenarioResult {
    let id: String
    let title: String
    /// Contender name and its samples; `nil` when the contender has no equivalent.
    let rows: [(String, Samples?)]
    let note: String?

    func render() -> String {
        let floor = rows.first { $0.0 == Contender.handWritten }?.1?.median
        let graft = rows.first { $0.0 == Contender.graft }?.1?.median
        var lines = [
            "### \(id) — \(title)", "",
            "| contender | median | min | max | × hand-written | × Graft |",
            "|---|---:|---:|---:|---:|---:|",
        ]
        for (name, samples) in rows {
            guard let samples else {
                lines.append("| \(name) | n/a | | | | |")
                continue
            }
            guard !samples.nanoseconds.isEmpty else {
                lines.append("| \(name) | not measured (--row) | | | | |")
                continue
            }
            lines.append(
                "| \(name) | \(format(samples.median)) | \(format(samples.min)) | \(format(samples.max)) | \(ratio(samples.median, floor)) | \(ratio(samples.median, graft)) |"
            )
        }
        if let note { lines += ["", note] }
        return lines.joined(separator: "\n")
    }
}

enum Contender {
    static let handWritten = "hand-written"
    static let storedClosures = "stored closures"
    static let storedClosuresNote =
        "Stored closures: each object made by a closure kept beside the others, as a container calls its factories, with nothing else a container does (see StoredClosures.swift)."
    static let graft = "Graft"
    /// Graft's start-up with `validating: .skipped`, for an app whose CI proves every selection.
    static let graftUnchecked = "Graft, validating: .skipped"
    static let swinject = "Swinject 2.10.0"
    static let dependencies = "swift-dependencies 1.17.1"
}

func format(_ nanoseconds: Double) -> String {
    // By its size: a net figure within the noise may be below zero.
    switch abs(nanoseconds) {
    case ..<1_000: return String(format: "%.1f ns", nanoseconds)
    case ..<1_000_000: return String(format: "%.2f µs", nanoseconds / 1_000)
    default: return String(format: "%.2f ms", nanoseconds / 1_000_000)
    }
}

func ratio(_ value: Double, _ base: Double?) -> String {
    guard let base, base > 0 else { return "" }
    return String(format: "%.2f×", value / base)
}

import Foundation
