/// The binding chosen to serve a key, and why.
struct Selected: Sendable {
    var binding: Binding
    /// The bindings that could have served the key, lowest version first.
    let candidates: [Binding]
    /// Why this binding and not another, for ``Injector/explain(_:named:)``.
    let reason: String
}

/// The bindings of one injector level after duplicates and overrides are settled and one
/// binding per key is chosen for the version selection.
struct Selection {
    private(set) var selected: [ServiceKey: Selected] = [:]
    /// Keys with a chosen binding, in the order their first binding was declared.
    private(set) var order: [ServiceKey] = []
    /// Keys that are bound, but in no version the selection can use.
    private(set) var unsatisfied: [ServiceKey: (selected: String, bound: [String])] = [:]
    private(set) var problems: [GraphProblem] = []

    /// Settles `bindings`, declared in this order, for `versions`.
    init(bindings: [Binding], versions: VersionSelection) {
        let effective = settleDuplicates(bindings)
        for key in order {
            choose(for: key, among: effective[key] ?? [], versions: versions)
        }
        order.removeAll { selected[$0] == nil }
        for (key, version) in versions.overrides.sorted(by: { $0.key.description < $1.key.description })
        where effective[key] == nil {
            problems.append(GraphProblem(
                .unsatisfiableVersion,
                "the version selection names \(key) (\(version)), but nothing binds \(key)",
                fix: "remove \(key) from the selection's overrides, or bind it in one of the modules"))
        }
    }

    /// Keeps, per key and version, the last binding of a chain of overrides, and reports the
    /// duplicates that did not say `.overriding()`.
    private mutating func settleDuplicates(_ bindings: [Binding]) -> [ServiceKey: [Binding]] {
        var effective: [ServiceKey: [Binding]] = [:]
        for binding in bindings {
            if let text = binding.versionText, binding.version == nil {
                problems.append(GraphProblem(
                    .invalidVersion, "invalid version \"\(text)\" on the binding of \(binding.key)",
                    notes: ["declared at \(binding.site)"], fix: "write \(Version.formatHelp)"))
                continue
            }
            if effective[binding.key] == nil { order.append(binding.key) }
            var candidates = effective[binding.key, default: []]
            if let index = candidates.firstIndex(where: { $0.version == binding.version }) {
                let earlier = candidates[index]
                if !binding.isOverriding {
                    let version = binding.versionText.map { " version \($0)" } ?? ""
                    problems.append(GraphProblem(
                        .duplicateBinding, "duplicate binding of \(binding.key)\(version)",
                        notes: ["first declared at \(earlier.site)", "again declared at \(binding.site)"],
                        fix: "remove one of them, or add .overriding() to the second if it is meant to replace the first"))
                }
                candidates[index] = binding
            } else {
                if binding.isOverriding {
                    let version = binding.versionText.map { " version \($0)" } ?? ""
                    problems.append(GraphProblem(
                        .overrideWithoutTarget, "binding of \(binding.key)\(version) says .overriding(), but nothing before it binds \(binding.key)\(version)",
                        notes: ["declared at \(binding.site)"],
                        fix: "remove .overriding(), or check that the module with the original binding is given first"))
                }
                candidates.append(binding)
            }
            effective[binding.key] = candidates
        }
        return effective
    }

    /// Picks the binding of the selected version, else the highest below it, else the one
    /// without a version.
    private mutating func choose(for key: ServiceKey, among candidates: [Binding], versions: VersionSelection) {
        let sorted = candidates.sorted { lower, higher in
            switch (lower.version, higher.version) {
            case (nil, .some): true
            case (.some(let a), .some(let b)): a < b
            default: false
            }
        }
        let (text, origin) = versions.selectedVersion(for: key)
        guard let wanted = Version(text) else {
            let message = "invalid selected version \"\(text)\" (\(origin))"
            if !problems.contains(where: { $0.message == message }) {
                problems.append(GraphProblem(.invalidVersion, message, fix: "select \(Version.formatHelp)"))
            }
            unsatisfied[key] = (text, sorted.compactMap(\.versionText))
            return
        }
        let unversioned = sorted.first { $0.version == nil }
        let reason: String
        let chosen: Binding?
        if let exact = sorted.first(where: { $0.version == wanted }) {
            chosen = exact
            reason = "selected \(text) (\(origin)); bound in that version"
        } else if let below = sorted.last(where: { $0.version.map { $0 < wanted } ?? false }) {
            chosen = below
            reason = "selected \(text) (\(origin)); no \(text) binding, so the highest below it, \(below.versionText ?? "")"
        } else if let unversioned {
            chosen = unversioned
            reason = sorted.count == 1
                ? "bound without a version, so it serves every selection"
                : "selected \(text) (\(origin)); no binding at or below it, so the one without a version"
        } else {
            chosen = nil
            reason = ""
        }
        guard let chosen else {
            unsatisfied[key] = (text, sorted.compactMap(\.versionText))
            return
        }
        selected[key] = Selected(binding: chosen, candidates: sorted, reason: reason)
    }
}
