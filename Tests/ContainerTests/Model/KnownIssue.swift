/// Behaviours of the container that disagree with README/DESIGN.md, found by the model-based
/// test and reported with a reproduction (`ModelFindingsTests`). A mismatch that one of them
/// explains is recorded as a known issue, so the test keeps checking everything else; delete a
/// case once the container is fixed.
enum KnownIssue: String, CaseIterable {
    /// A child validates only the part of the graph its bindings touch, and there the captive
    /// check misses a captive held on a loop (through a lazy value, or a cycle of direct
    /// edges); the same graph at the root is reported.
    case captiveOnLoopMissedInChild = "a child's validation misses a captive dependency on a loop"

    static func explaining(_ mismatch: ModelMismatch, in graph: ModelGraph) -> KnownIssue? {
        let facts = mismatch.facts
        guard let step = facts.step, case .child = graph.script[step] else { return nil }
        if facts.containerOnly.isEmpty, !facts.modelOnly.isEmpty,
           facts.modelOnly.allSatisfy({ $0.hasPrefix("captiveDependency ") }) {
            return .captiveOnLoopMissedInChild
        }
        return nil
    }
}
