import Container

/// Runs one graph and its script on the reference model and on the container side by side,
/// and says where they first disagree.
struct ModelCheck {
    private var model: ReferenceModel
    private let live: LiveRunner
    /// Model instance ids and live serials known to be the same instance, both ways.
    private var liveSerial: [Int: Int] = [:]
    private var modelID: [Int: Int] = [:]
    /// How many steps had each kind of expected outcome, to see what the graphs exercise.
    private(set) var tally: [String: Int] = [:]

    /// The first disagreement between the model and the container, or `nil`.
    static func mismatch(in graph: ModelGraph) -> ModelMismatch? {
        var tally: [String: Int] = [:]
        return mismatch(in: graph, tally: &tally)
    }

    /// The first disagreement, counting the kinds of outcome into `tally`.
    static func mismatch(in graph: ModelGraph, tally: inout [String: Int]) -> ModelMismatch? {
        var check = ModelCheck(model: ReferenceModel(graph: graph), live: LiveRunner(graph: graph))
        let mismatch = check.run(graph).map(ModelMismatch.init)
        tally.merge(check.tally, uniquingKeysWith: +)
        return mismatch
    }

    private mutating func run(_ graph: ModelGraph) -> String? {
        var start = live.log.count
        let root = model.buildRoot()
        let liveRoot = live.buildRoot()
        if let mismatch = compare(root, liveRoot, runsSince: start) {
            return "building the root: \(mismatch)"
        }
        if case .invalid = root { return nil }
        if case .eagerFailure = root { return nil }
        for (index, step) in graph.script.enumerated() {
            start = live.log.count
            let expected = model.run(step, index: index)
            let actual = live.run(step, index: index)
            if let mismatch = compare(expected, actual, runsSince: start) {
                return "step \(index) (\(ModelGraph.describe(step))): \(mismatch)"
            }
            // After a failed build of eager singletons, which ones were built depends on an
            // order the documentation leaves open; the script stops there.
            if case .eagerFailure = expected { return nil }
        }
        return nil
    }

    private mutating func compare(
        _ expected: ReferenceModel.Outcome, _ actual: LiveRunner.Outcome,
        runsSince start: Int
    ) -> String? {
        for kind in Self.kinds(of: expected, known: liveSerial) { tally[kind, default: 0] += 1 }
        if let mismatch = compareResults(expected, actual) { return mismatch }
        // Which eager singletons ran before one failed depends on the build order, left open;
        // a loop may be noticed a round late (above).
        if case .eagerFailure = expected { return nil }
        if case .failure(let failure) = expected, failure.reason == .cycle { return nil }
        let runs = live.log.counts(since: start)
        guard runs == model.runs else {
            return
                "factory runs: the model expects \(Self.describe(model.runs)), the container ran \(Self.describe(runs))"
        }
        return nil
    }

    private mutating func compareResults(_ expected: ReferenceModel.Outcome, _ actual: LiveRunner.Outcome) -> String? {
        switch (expected, actual) {
        case (.skipped, .skipped), (.done, .done):
            return nil
        case (.instance(let id), .instance(let instance)):
            return compareInstance(id, instance, path: "the result")
        case (.failure(let failure), .failure(let actual)) where failure == actual:
            return nil
        case (.failure(let failure), .failure(let actual)) where failure.reason == .cycle && actual.reason == .cycle:
            // Where a loop is noticed is left open: the container does not track builds that
            // direct edges reach, so it may go once more round the loop (building its
            // transient members again) and name another key of it.
            return nil
        case (.eagerFailure(let possible), .failure(let actual)) where possible.contains(actual):
            return nil
        case (.eagerFailure(let possible), .failure(let actual))
        where actual.reason == .cycle && possible.contains(where: { $0.reason == .cycle }):
            return nil
        case (.invalid(let subjects), .invalid(let problems)):
            var actual = Self.subjects(problems, model: subjects)
            if subjects.contains(where: { $0.hasPrefix("cycle ") }) {
                // The model leaves asynchrony open around a loop (ModelValidation.graphProblems).
                actual = actual.filter {
                    !$0.hasPrefix("asynchronousDependency ") && !$0.hasPrefix("isolationCaptive ")
                }
            }
            guard actual == subjects else {
                return """
                    validation problems differ
                      model only:     \(subjects.subtracting(actual).sorted())
                      container only: \(actual.subtracting(subjects).sorted())
                      container said:
                    \(problems.map { "    " + $0.description.replacingOccurrences(of: "\n", with: "\n    ") }.joined(separator: "\n"))
                    """
            }
            return nil
        default:
            return "the model expects \(describe(expected)), the container gave \(describe(actual))"
        }
    }

    /// Compares a model instance with a live one: the same binding, the same identity as
    /// before, and the same direct dependencies.
    private mutating func compareInstance(_ id: Int, _ instance: any LiveInstance, path: String) -> String? {
        let expected = model.instances[id]
        guard expected.binding == instance.binding else {
            return
                "\(path): the model expects an instance of #\(expected.binding), the container built one of #\(instance.binding)"
        }
        guard expected.argument == instance.argument else {
            return
                "\(path) (#\(instance.binding)): the model expects argument \(expected.argument.map(String.init) ?? "none"), the container built from \(instance.argument.map(String.init) ?? "none")"
        }
        switch (liveSerial[id], modelID[instance.serial]) {
        case (instance.serial, id):
            return nil
        case (nil, nil):
            liveSerial[id] = instance.serial
            modelID[instance.serial] = id
        case (let known?, _) where known != instance.serial:
            return
                "\(path) (#\(instance.binding)): the model expects the instance built by run \(known) again, the container gave the one of run \(instance.serial)"
        default:
            return
                "\(path) (#\(instance.binding)): the model expects a new instance, the container gave the one built by run \(instance.serial) again"
        }
        let shape = expected.parts.map { part in
            switch part {
            case .instance: "instance"
            case .absent: "nil"
            case .provider: "provider"
            case .lazy: "lazy"
            case .factory: "factory"
            case .list(let items): "list of \(items.count)"
            }
        }
        let liveShape = instance.parts.map { part in
            switch part {
            case .instance: "instance"
            case .absent: "nil"
            case .provider: "provider"
            case .lazy: "lazy"
            case .factory: "factory"
            case .list(let items): "list of \(items.count)"
            }
        }
        guard shape == liveShape else {
            return
                "\(path) (#\(instance.binding)): the model expects dependencies \(shape), the container gave \(liveShape)"
        }
        let directs = instance.parts.compactMap { if case .instance(let held) = $0 { held } else { nil } }
        for (position, (held, live)) in zip(expected.directs, directs).enumerated() {
            if let mismatch = compareInstance(held, live, path: "\(path), direct dependency \(position)") {
                return mismatch
            }
        }
        let lists = instance.parts.compactMap { if case .list(let items) = $0 { items } else { nil } }
        for (number, (expected, live)) in zip(expected.lists, lists).enumerated() {
            for (position, (held, item)) in zip(expected, live).enumerated() {
                if let mismatch = compareInstance(held, item, path: "\(path), list \(number) item \(position)") {
                    return mismatch
                }
            }
        }
        return nil
    }

    // MARK: Describing

    private func describe(_ outcome: ReferenceModel.Outcome) -> String {
        switch outcome {
        case .skipped: "the step skipped"
        case .done: "success"
        case .instance(let id): "an instance of #\(model.instances[id].binding)"
        case .failure(let failure): "the error \(failure)"
        case .eagerFailure(let possible): "one of the errors \(possible.map(\.description).sorted())"
        case .invalid(let subjects): "validation problems \(subjects.sorted())"
        }
    }

    private func describe(_ outcome: LiveRunner.Outcome) -> String {
        switch outcome {
        case .skipped: "the step skipped"
        case .done: "success"
        case .instance(let instance): "an instance of #\(instance.binding) (run \(instance.serial))"
        case .failure(let failure): "the error \(failure)"
        case .invalid(let problems): "validation problems \(Self.subjects(problems, model: []).sorted())"
        }
    }

    private static func kinds(of outcome: ReferenceModel.Outcome, known: [Int: Int]) -> [String] {
        switch outcome {
        case .skipped: ["step skipped"]
        case .done: ["success"]
        case .instance(let id): [known[id] == nil ? "a new instance" : "an instance served again"]
        case .failure(let failure): ["error: \(failure.reason)"]
        case .eagerFailure: ["error from an eager singleton"]
        case .invalid(let subjects):
            ["invalid graph"] + Set(subjects.map { "problem: " + $0.prefix { $0 != " " } }).sorted()
        }
    }

    private static func describe(_ runs: [Int: Int]) -> String {
        runs.isEmpty ? "none" : runs.sorted { $0.key < $1.key }.map { "#\($0.key)×\($0.value)" }.joined(separator: " ")
    }

    // MARK: Problems as subjects

    /// Each problem as the model names it. A reported loop is matched to the model's set of
    /// keys that reach each other, since validation may name any loop within it.
    static func subjects(_ problems: [GraphProblem], model: Set<String>) -> Set<String> {
        Set(
            problems.map { problem in
                let subject = subject(of: problem)
                guard problem.kind == .cycle else { return subject }
                let loop = Set(problem.path.map(\.key.description))
                return model.first { candidate in
                    candidate.hasPrefix("cycle ")
                        && loop.isSubset(of: candidate.dropFirst(6).components(separatedBy: ", "))
                } ?? subject
            })
    }

    static func subject(of problem: GraphProblem) -> String {
        let kind = problem.kind.rawValue
        switch problem.kind {
        case .missingBinding where problem.path.isEmpty:
            // A withdraw of an item the collection does not have: the one problem of its kind without a path.
            return "withdrawUnserved \(problem.related.first?.description ?? problem.message)"
        case .missingBinding:
            return "\(kind) \(problem.related.first?.description ?? problem.message)"
        case .cycle:
            return "\(kind) " + Set(problem.path.map(\.key.description)).sorted().joined(separator: ", ")
        case .captiveDependency:
            return "\(kind) \(problem.subject?.description ?? problem.message)"
        case .runTimeArguments:
            // The binding asked for in the wrong form, or the eager singleton that takes arguments.
            return "\(kind) \(problem.path.last?.key.description ?? problem.message)"
        case .duplicateBinding, .overrideWithoutTarget:
            return "\(kind) \(problem.site.map { "#\($0.line)" } ?? problem.message)"
        case .invalidVersion:
            if let site = problem.site { return "\(kind) #\(site.line)" }
            return "\(kind) selection \(problem.subject?.description ?? "default")"
        case .unsatisfiableVersion, .notServed:
            return "\(kind) \(problem.related.first?.description ?? problem.message)"
        case .isolationCaptive where problem.path.count >= 2:
            // One problem per main-actor key held and way of holding it, however many hold it.
            let way = problem.message.contains("which builds") ? "through a wrapper" : "plainly"
            return "\(kind) \(problem.path[problem.path.count - 1].key) \(way)"
        case .asynchronousDependency where problem.path.count >= 2:
            // The path ends with the binding that needs the asynchronous one, then that one.
            return "\(kind) \(problem.path[problem.path.count - 2].key)"
        case .retiresUnbound:
            return "\(kind) \(problem.subject?.description ?? problem.message)"
        case .decoratesUnbound:
            return "\(kind) \(problem.subject?.description ?? problem.message)"
        default:
            // Kinds the generator does not aim at (a selection naming nothing bound, and the
            // like): the message says what went wrong.
            return "\(kind) \(problem.message)"
        }
    }
}
